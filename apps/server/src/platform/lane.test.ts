import { describe, expect, it } from 'vitest';
import { Lane } from './lane.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Lane', () => {
  it('runs at most its size at once, the rest in the order they came, whatever fails', async () => {
    const lane = new Lane(2);
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 7 }, (_, i) =>
      lane
        .run(async () => {
          now += 1;
          peak = Math.max(peak, now);
          order.push(i);
          await tick();
          now -= 1;
          if (i === 3) throw new Error('three');
          return i;
        })
        .catch((e: Error) => e.message),
    );
    expect(lane.load).toEqual({ running: 2, waiting: 5 });
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 'three', 4, 5, 6]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lane.load).toEqual({ running: 0, waiting: 0 });
  });
});
