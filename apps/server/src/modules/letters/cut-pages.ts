import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PdfError } from './poppler.js';

/**
 * Bounds of the cut (decision 0038). pdf-lib runs in a worker thread, so that the server's event
 * loop never waits on it: its heap is bounded by the thread's resource limits, its time by
 * terminating the thread, what it decodes outside the heap and what it writes by the worker itself
 * (cut-pages.mjs).
 */
export const CUT_LIMITS = {
  /** Like the poppler tools the cut replaced (split.ts gave them 60 s). */
  timeoutMs: 60_000,
  /** The thread's heap; a 50 MB upload's objects take a fraction of it. */
  heapMb: 512,
  /** A stream may inflate to this (all of them to four times this). */
  maxDecodedBytes: 256 * 1024 * 1024,
  /** The letters of one file together. */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** The thread is kept this long after a cut (its compiled code makes the next cut faster). */
  idleMs: 30_000,
};
export type CutLimits = typeof CUT_LIMITS;

/** The worker's script, beside this module in src/; dist/ is at the same depth, so both find it. */
const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/modules/letters/cut-pages.mjs');

type Answer = { id: number; sizes: number[] } | { id: number; kind: PdfError['kind'] | 'output'; message: string };

interface Cutter {
  worker: Worker;
  limits: CutLimits;
  idle: NodeJS.Timeout | null;
}

let cutter: Cutter | null = null;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;

function startCutter(limits: CutLimits): Cutter {
  const worker = new Worker(SCRIPT, {
    workerData: { maxDecodedBytes: limits.maxDecodedBytes },
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  worker.unref(); // an idle cutter never keeps the process alive
  return { worker, limits, idle: null };
}

function stopCutter(c: Cutter) {
  if (cutter === c) cutter = null;
  if (c.idle) clearTimeout(c.idle);
  void c.worker.terminate();
}

/** Ends the kept thread now (tests; a server that stops). */
export async function closeCutter() {
  if (cutter) {
    const { worker } = cutter;
    stopCutter(cutter);
    await worker.terminate();
  }
}

function cutOnce(
  file: string,
  ranges: [number, number][],
  outDir: string,
  limits: CutLimits,
): Promise<{ file: string; size: number }[]> {
  if (cutter && cutter.limits !== limits) stopCutter(cutter);
  const c = cutter ?? startCutter(limits);
  cutter = c;
  if (c.idle) clearTimeout(c.idle);
  c.idle = null;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = (error: PdfError | null, sizes?: number[]) => {
      clearTimeout(timer);
      c.worker.off('message', onMessage);
      c.worker.off('error', onError);
      c.worker.off('exit', onExit);
      if (error) {
        // A refused file may have left the thread in any state: the next cut starts a new one.
        stopCutter(c);
        reject(error);
        return;
      }
      c.idle = setTimeout(() => stopCutter(c), limits.idleMs);
      c.idle.unref();
      resolve(sizes!.map((size, i) => ({ file: path.join(outDir, `${i + 1}.pdf`), size })));
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      if ('sizes' in answer) done(null, answer.sizes);
      else done(new PdfError(answer.kind === 'output' ? 'memory' : answer.kind, answer.message));
    };
    const onError = (error: Error & { code?: string }) =>
      done(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PdfError('memory', 'The file needs too much memory to split.')
          : new PdfError('corrupted', `The file could not be cut: ${error.message}`),
      );
    const onExit = () => done(new PdfError('corrupted', 'The cut stopped.'));
    const timer = setTimeout(
      () => done(new PdfError('timeout', `The cut took longer than ${limits.timeoutMs} ms.`)),
      limits.timeoutMs,
    );
    c.worker.on('message', onMessage);
    c.worker.on('error', onError);
    c.worker.on('exit', onExit);
    c.worker.postMessage({ id, file, outDir, ranges, maxTotalBytes: limits.maxTotalBytes });
  });
}

/**
 * Cuts `file` into one PDF a range ([first, last] pages, 1-based) in `outDir`, in one pass: the file
 * is parsed once (pdf-lib) and each letter's pages copied into a new document (page size, boxes,
 * rotation and resources as the source's). Cuts run one at a time. Refuses (PdfError) an encrypted
 * file, one pdf-lib cannot read, a range beyond the last page, and a file that needs more than the
 * limits allow.
 */
export function cutPages(
  file: string,
  ranges: [number, number][],
  outDir: string,
  limits: CutLimits = CUT_LIMITS,
): Promise<{ file: string; size: number }[]> {
  const run = queue.then(() => cutOnce(file, ranges, outDir, limits));
  queue = run.catch(() => undefined);
  return run;
}
