import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileBlobStore } from './blobs.js';
import { removeLeftovers, startLeftoverCleanup } from './leftovers.js';

const HOUR = 60 * 60 * 1000;
const quiet = { info() {}, warn() {} };
let root: string;
let blobRoot: string;
let temp: string;
const children: ChildProcess[] = [];

/** Writes a file (and its folders), dated `ageMs` ago. */
async function file(p: string, ageMs: number) {
  await mkdir(path.dirname(p), { recursive: true });
  await writeFile(p, 'x');
  const when = new Date(Date.now() - ageMs);
  await utimes(p, when, when);
}

/** A working folder as docx.ts or split.ts makes it, everything in it dated `ageMs` ago. */
async function workFolder(name: string, ageMs: number) {
  const dir = path.join(temp, name);
  await file(path.join(dir, 'profile', 'registrymodifications.xcu'), ageMs);
  await file(path.join(dir, 'letter.docx'), ageMs);
  const when = new Date(Date.now() - ageMs);
  await utimes(path.join(dir, 'profile'), when, when);
  await utimes(dir, when, when);
  return dir;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lp-leftovers-test-'));
  blobRoot = path.join(root, 'blobs');
  temp = path.join(root, 'tmp');
  await mkdir(temp);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

describe('crash leftovers', () => {
  it('removes old partial uploads and old working folders, and nothing else', async () => {
    const acc = path.join(blobRoot, 'letters', 'acc-1');
    await file(path.join(acc, 'a.upload.partial'), 2 * HOUR);
    await file(path.join(acc, 'b.upload'), 2 * HOUR);
    await file(path.join(acc, 'c.pdf.partial'), 2 * HOUR);
    await file(path.join(acc, 'fresh.upload.partial'), 60_000); // an upload still arriving
    await file(path.join(acc, 'kept.pdf'), 2 * HOUR);
    await file(path.join(acc, 'kept.docx'), 2 * HOUR);
    await workFolder('lp-docx-old', 2 * HOUR);
    await workFolder('lp-split-old', 2 * HOUR);
    await workFolder('lp-docx-fresh', 60_000); // a conversion running now
    await workFolder('someone-else-old', 2 * HOUR);
    // Old folder, but a file inside was written a minute ago: still in use.
    const busy = await workFolder('lp-split-busy', 2 * HOUR);
    await file(path.join(busy, 'p-1.pdf'), 60_000);

    const blobs = createFileBlobStore(blobRoot);
    const removed = await removeLeftovers({ blobs, tmpDir: temp, log: quiet });
    expect(removed.files.sort()).toEqual(
      ['letters/acc-1/a.upload.partial', 'letters/acc-1/b.upload', 'letters/acc-1/c.pdf.partial'].sort(),
    );
    expect(removed.folders.sort()).toEqual(['lp-docx-old', 'lp-split-old']);
    expect((await readdir(acc)).sort()).toEqual(['fresh.upload.partial', 'kept.docx', 'kept.pdf']);
    expect((await readdir(temp)).sort()).toEqual(['lp-docx-fresh', 'lp-split-busy', 'someone-else-old']);
  });

  it('keeps an old folder a live process still works in', async () => {
    const dir = await workFolder('lp-docx-held', 2 * HOUR);
    const child = spawn('sleep', ['30'], { cwd: dir, stdio: 'ignore' });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    const blobs = createFileBlobStore(blobRoot);
    expect((await removeLeftovers({ blobs, tmpDir: temp, log: quiet })).folders).toEqual([]);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await removeLeftovers({ blobs, tmpDir: temp, log: quiet })).folders).toEqual(['lp-docx-held']);
  });

  it('cleans at start and again on its timer', async () => {
    await file(path.join(blobRoot, 'letters', 'a', 'x.upload.partial'), 2 * HOUR);
    await workFolder('lp-docx-first', 2 * HOUR);
    const cleanup = startLeftoverCleanup({
      blobs: createFileBlobStore(blobRoot),
      tmpDir: temp,
      intervalMs: 50,
      log: quiet,
    });
    try {
      await expect.poll(async () => readdir(temp), { timeout: 5000 }).toEqual([]);
      expect(await readdir(path.join(blobRoot, 'letters', 'a'))).toEqual([]);
      // A process killed later leaves more; the next pass takes it.
      await workFolder('lp-split-later', 2 * HOUR);
      await file(path.join(blobRoot, 'letters', 'a', 'y.upload'), 2 * HOUR);
      await expect.poll(async () => readdir(temp), { timeout: 5000 }).toEqual([]);
      await expect.poll(async () => readdir(path.join(blobRoot, 'letters', 'a')), { timeout: 5000 }).toEqual([]);
    } finally {
      await cleanup.stop();
    }
  });
});
