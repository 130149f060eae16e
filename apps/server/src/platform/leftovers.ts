import { opendir, readdir, readlink, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobStore } from './blobs.js';

/**
 * Working folders in the temp folder: Word conversions (modules/letters/docx.ts), splits (split.ts),
 * address sheets and thumbnails (analyse.ts), and local copies of blobs (blobs-s3.ts withLocalFile).
 */
export const TEMP_PREFIXES = ['lp-docx-', 'lp-split-', 'lp-sheet-', 'lp-thumb-', 'lp-blob-'] as const;
/** Nothing of ours runs this long: a conversion or a split untouched for an hour was killed. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
export const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

interface Log {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

/** The newest modification time in a folder tree (the folder's own included). */
async function newestChange(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for await (const entry of await opendir(dir, { recursive: true })) {
    const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
    if (info && info.mtimeMs > newest) newest = info.mtimeMs;
  }
  return newest;
}

/**
 * Paths live processes hold (working folder and open files), from /proc; null where there is
 * no /proc. Processes of other users are not readable and are not needed: ours run as us.
 */
async function heldPaths(): Promise<string[] | null> {
  const pids = await readdir('/proc').catch(() => null);
  if (!pids) return null;
  const held: string[] = [];
  for (const pid of pids.filter((p) => /^\d+$/.test(p))) {
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
    if (cwd) held.push(cwd);
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => null);
      if (target?.startsWith('/')) held.push(target);
    }
  }
  return held;
}

/**
 * Removes the temp folders a killed conversion or split left behind: only ours (by prefix), only
 * untouched for `maxAgeMs`, and only when no live process works in them or holds a file in them.
 */
export async function removeTempLeftovers(dir: string, before: Date): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) =>
    TEMP_PREFIXES.some((p) => n.startsWith(p)),
  );
  const removed: string[] = [];
  let held: string[] | null | undefined;
  for (const name of names) {
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (!info?.isDirectory()) continue;
    if ((await newestChange(full).catch(() => Date.now())) >= before.getTime()) continue;
    held ??= await heldPaths();
    const real = await realpath(full).catch(() => full);
    if (held?.some((p) => p === real || p.startsWith(`${real}/`))) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export interface LeftoverOptions {
  blobs: BlobStore;
  tmpDir?: string;
  maxAgeMs?: number;
  intervalMs?: number;
  log: Log;
}

/** One pass over the blob store and the temp folder. */
export async function removeLeftovers({ blobs, tmpDir = tmpdir(), maxAgeMs = LEFTOVER_AGE_MS }: LeftoverOptions) {
  const before = new Date(Date.now() - maxAgeMs);
  const [files, folders] = await Promise.all([blobs.removeLeftovers(before), removeTempLeftovers(tmpDir, before)]);
  return { files, folders };
}

/**
 * Cleans crash leftovers at start and then on a timer (every process: API processes leave partial
 * uploads, workers leave conversion folders). Returns a stop function that waits for a pass in progress.
 */
export function startLeftoverCleanup(options: LeftoverOptions): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= removeLeftovers(options)
      .then(({ files, folders }) => {
        if (files.length + folders.length > 0) options.log.info({ files, folders }, 'crash leftovers removed');
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'crash leftovers cleanup failed'))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, options.intervalMs ?? CLEANUP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
