import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A signature as a carrier's handheld gives it: a small greyscale PNG of a pen stroke. The
 * sandbox draws one per name (the same name draws the same stroke), so a proof of delivery has an
 * image to show as Royal Mail's would.
 */
export function signaturePng(name: string, width = 240, height = 80): Buffer {
  const seed = createHash('sha256').update(name).digest();
  const pixels = Buffer.alloc(width * height, 255);
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px >= 0 && px < width && py >= 0 && py < height) pixels[py * width + px] = 20;
      }
  };
  // A stroke across the box: a sum of waves whose frequencies and phases come from the name.
  const waves = [0, 1, 2].map((i) => ({
    f: 1 + (seed[i]! % 5),
    a: 8 + (seed[i + 3]! % 14),
    p: (seed[i + 6]! / 255) * Math.PI * 2,
  }));
  for (let t = 0; t <= 1; t += 1 / (width * 4)) {
    const x = 12 + t * (width - 24);
    const y = height / 2 + waves.reduce((s, w) => s + w.a * Math.sin(w.f * t * Math.PI * 2 + w.p), 0) / 2;
    ink(x, y);
  }
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (width + 1) + 1, y * width, (y + 1) * width);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
