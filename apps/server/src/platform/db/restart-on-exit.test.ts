import { describe, expect, it } from 'vitest';
import { type RestartOptions, type Running, restartOnExit } from './restart-on-exit.js';

/** A pretend process: it ends when `die` is called (by itself) or when it is stopped (asked to). */
function fakeProcess() {
  let end!: (how: string) => void;
  const exited = new Promise<string>((resolve) => {
    end = resolve;
  });
  const process = {
    exited,
    stopped: false,
    die: (how: string) => end(how),
    async stop() {
      process.stopped = true;
      end('stopped');
    },
  };
  return process;
}
type Fake = ReturnType<typeof fakeProcess>;

/** A supervisor with short delays, recording what it reports and when it starts. */
function supervise(starts: Array<() => Promise<Fake>>, options: Partial<RestartOptions<string>> = {}) {
  const first = fakeProcess();
  const events: string[] = [];
  const startedAt: number[] = [];
  const running: Fake[] = [first];
  let t0 = Date.now();
  const supervisor = restartOnExit<string>({
    first,
    async start() {
      startedAt.push(Date.now() - t0);
      const next = starts.shift();
      if (!next) throw new Error('no more starts');
      const started = await next();
      running.push(started);
      return started as Running<string>;
    },
    onExit: (exit) => {
      t0 = Date.now();
      events.push(`exit ${exit}`);
    },
    onRestartFailed: (error, retryInMs) => events.push(`failed ${(error as Error).message}, retry in ${retryInMs}`),
    onRestarted: ({ attempts }) => events.push(`restarted after ${attempts}`),
    firstDelayMs: 40,
    maxDelayMs: 100,
    stableMs: 10_000,
    ...options,
  });
  return { supervisor, events, startedAt, running, first };
}

const failing = (message: string) => () => Promise.reject(new Error(message));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('restartOnExit', () => {
  it('starts a process that ended by itself again, after the first delay, and reports why it ended', async () => {
    const { supervisor, events, startedAt, running, first } = supervise([async () => fakeProcess()]);
    first.die('SIGKILL');
    await expect.poll(() => events).toEqual(['exit SIGKILL', 'restarted after 1']);
    expect(startedAt[0]).toBeGreaterThanOrEqual(35);
    expect(startedAt[0]).toBeLessThan(200);
    await supervisor.stop();
    expect(running[1]!.stopped).toBe(true);
  });

  it('doubles the delay after each failed start up to the maximum, and says when it tries next', async () => {
    const s = supervise([
      failing('shared memory in use'),
      failing('shared memory in use'),
      failing('shared memory in use'),
      async () => fakeProcess(),
    ]);
    s.first.die('code 2');
    await expect.poll(() => s.events.length, { timeout: 2_000 }).toBe(5);
    expect(s.events).toEqual([
      'exit code 2',
      'failed shared memory in use, retry in 80',
      'failed shared memory in use, retry in 100',
      'failed shared memory in use, retry in 100',
      'restarted after 4',
    ]);
    // 40, then 80, then 100 (the maximum), then 100 again: the starts are that far apart.
    const gaps = s.startedAt.map((t, i) => t - (s.startedAt[i - 1] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(95);
    expect(gaps[3]).toBeGreaterThanOrEqual(95);
    await s.supervisor.stop();
  });

  it('waits longer when a restarted process soon ends again, and quickly again after a stable run', async () => {
    const second = fakeProcess();
    const third = fakeProcess();
    const fourth = fakeProcess();
    const { supervisor, events, startedAt, first } = supervise(
      [async () => second, async () => third, async () => fourth],
      { stableMs: 300 },
    );
    first.die('a');
    await expect.poll(() => events.length).toBe(2);
    second.die('b'); // at once: not a stable run
    await expect.poll(() => events.length).toBe(4);
    expect(startedAt[1]).toBeGreaterThanOrEqual(75);
    await wait(350); // the third stays up longer than stableMs
    third.die('c');
    await expect.poll(() => events.length).toBe(6);
    expect(startedAt[2]).toBeLessThan(75);
    expect(events).toEqual([
      'exit a',
      'restarted after 1',
      'exit b',
      'restarted after 1',
      'exit c',
      'restarted after 1',
    ]);
    await supervisor.stop();
    expect(fourth.stopped).toBe(true);
  });

  it('does not restart a process it was asked to stop', async () => {
    const { supervisor, events, startedAt, first } = supervise([async () => fakeProcess()]);
    await supervisor.stop();
    expect(first.stopped).toBe(true);
    await wait(120);
    expect(events).toEqual([]);
    expect(startedAt).toEqual([]);
  });

  it('cancels a pending restart when stopped during the backoff', async () => {
    const { supervisor, events, startedAt, first } = supervise([async () => fakeProcess()], { firstDelayMs: 5_000 });
    first.die('SIGKILL');
    await expect.poll(() => events).toEqual(['exit SIGKILL']);
    const asked = Date.now();
    await supervisor.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    await wait(50);
    expect(startedAt).toEqual([]);
  });

  it('stops the process a restart under way brings up, when stopped meanwhile', async () => {
    const late = fakeProcess();
    let release!: () => void;
    const { supervisor, events, startedAt, first } = supervise([
      () =>
        new Promise<Fake>((resolve) => {
          release = () => resolve(late);
        }),
    ]);
    first.die('SIGKILL');
    await expect.poll(() => startedAt.length).toBe(1);
    const stopped = supervisor.stop();
    release();
    await stopped;
    expect(late.stopped).toBe(true);
    expect(events).toEqual(['exit SIGKILL']);
  });
});
