// Word letters converted by LibreOffices kept running (issue 23). Starting LibreOffice costs about
// 1 s a letter; a running one converts a one-page letter in 20-40 ms. Each converter is a
// Python process (uno-convert.py, Debian's python3-uno) that starts one soffice, drives it over
// UNO and answers one JSON line per letter; the pool keeps a few of them, queues letters, and
// replaces a converter that dies, hangs, or has converted its share. A converter and its soffice
// live in one process group under one address-space bound, and are killed as one, as runTool does
// for a one-off process. See docs/decisions/0010-docx-conversion-and-hostile-files.md.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findCommand, TOOL_NICENESS, ToolError, underMemoryBound } from './poppler.js';

/**
 * The Python that runs uno-convert.py: Debian's, because python3-uno is built for it alone (a
 * pyenv or venv python3 first on PATH has no `uno`). UNO_PYTHON_PATH overrides it.
 */
export const UNO_PYTHON = '/usr/bin/python3';

/** The helper script, beside this module in src/; dist/ is at the same depth, so both find it. */
const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/modules/letters/uno-convert.py',
);

export const OFFICE_LIMITS = {
  /**
   * LibreOffices kept running. Measured with 8 letters at once on 2 loaded cores
   * (bench/docx-convert.mjs): 1, 2 and 3 convert about as fast (20.8, 20.1, 19.1 letters/s; the
   * processor is the limit), so more only cost memory (a LibreOffice is 100-200 MB resident). Two,
   * so that a letter that takes long (up to its time bound) does not hold every other Word letter.
   */
  converters: Math.max(1, Math.min(2, os.availableParallelism())),
  /** Letters a converter converts before it is replaced: caps what LibreOffice leaks over time. */
  conversionsPerConverter: 200,
  /** Starting soffice and connecting to it (about 1 s; 10-20 s on a loaded machine). */
  startTimeoutMs: 60_000,
  /** After a converter could not start, letters are converted one process each for this long. */
  retryStartAfterMs: 60_000,
  /** A replacement is started at once only for a converter that lived this long or converted a letter. */
  replaceAfterMs: 5_000,
} as const;

/** Out of address space: LibreOffice aborts with std::bad_alloc. */
const OUT_OF_MEMORY = /out of memory|bad_alloc|cannot allocate memory/i;

export interface OfficeOptions {
  /** The LibreOffice program (a name on PATH or a path; SOFFICE_PATH). */
  soffice: string;
  /** This letter's bound once a converter has it (a converter's start-up is bounded on its own). */
  timeoutMs: number;
  /** Address-space bound of each converter (its soffice included), set with prlimit. */
  memoryBytes: number;
}

/** How often a letter whose converter died before opening it is sent to another (see Job.requeues). */
const MAX_REQUEUES = 3;

interface Job {
  input: string;
  output: string;
  timeoutMs: number;
  /**
   * Times it was sent again because its converter was found dead before opening it. Two converters
   * killed together (an OOM killer, an operator) may each take it before their deaths are seen, so
   * it goes on to another (a fresh one at the latest) up to MAX_REQUEUES times.
   */
  requeues: number;
  /** Bookmarks whose pages are wanted (a batch of merged letters), and the pages LibreOffice laid them out on. */
  marks?: readonly string[];
  pages?: (number | null)[];
  total?: number;
  blank?: number[];
  resolve(done: boolean): void;
  reject(error: Error): void;
}

/** One Python + soffice, converting one letter at a time. */
class Converter {
  readonly pipe = `lp-office-${process.pid}-${randomBytes(6).toString('hex')}`;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'lp-docx-office-'));
  readonly child: ChildProcessWithoutNullStreams;
  readonly startedAt = Date.now();
  readonly ready: Promise<void>;
  state: 'starting' | 'idle' | 'busy' | 'gone' = 'starting';
  conversions = 0;
  private job: Job | null = null;
  private jobTimer: NodeJS.Timeout | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  /** Set when soffice died between letters (the helper says so): the letter in hand is not at fault. */
  private officeExited = false;
  private stdout = '';
  /** The last of soffice's and Python's messages, read when a letter fails (out of memory). */
  private stderr = '';
  private jobStderrFrom = 0;
  private settleReady!: { resolve(): void; reject(error: Error): void };
  readonly closed: Promise<void>;

  constructor(
    python: string,
    options: Omit<OfficeOptions, 'timeoutMs'>,
    private readonly hooks: {
      /** It can take a letter. */
      idle(): void;
      /** A letter it had not opened when its soffice was found dead: for another converter. */
      requeue(job: Job): void;
      /** It has exited, its processes are gone; `worked`: it had started. */
      gone(converter: Converter, worked: boolean): void;
    },
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    this.ready.catch(() => {}); // the pool reads it; never an unhandled rejection
    const soffice = findCommand(options.soffice) ?? options.soffice;
    const profile = pathToFileURL(path.join(this.dir, 'profile')).href;
    const args = [SCRIPT, soffice, this.pipe, profile, this.dir];
    const [file, argv] = underMemoryBound(python, args, options.memoryBytes);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.dir, TMPDIR: this.dir, PYTHONNOUSERSITE: '1' };
    // A pyenv or venv of the server's would make Debian's python load the wrong standard library.
    delete env.PYTHONHOME;
    delete env.PYTHONPATH;
    this.child = spawn(file, argv, {
      detached: true, // its own process group: Python, oosplash and soffice.bin are killed as one
      stdio: ['pipe', 'pipe', 'pipe'],
      env,
      cwd: this.dir, // held open, so the leftover cleanup never takes the profile of a live converter
    });
    if (this.child.pid) {
      try {
        os.setPriority(this.child.pid, TOOL_NICENESS); // inherited by soffice: requests come first
      } catch {
        // it has already exited
      }
    }
    // The server must be free to exit with converters idle: a letter in hand holds it by its timer.
    this.hold(false);
    this.child.stdin.on('error', () => {}); // a write to a converter that has just died: its exit says why
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.stdout += chunk;
      for (let nl = this.stdout.indexOf('\n'); nl >= 0; nl = this.stdout.indexOf('\n')) {
        const line = this.stdout.slice(0, nl);
        this.stdout = this.stdout.slice(nl + 1);
        if (line.trim()) this.message(line);
      }
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
      if (this.stderr.length > 64 * 1024) {
        const cut = this.stderr.length - 32 * 1024;
        this.stderr = this.stderr.slice(cut);
        this.jobStderrFrom = Math.max(0, this.jobStderrFrom - cut);
      }
    });
    // The helper ends its own group when it exits; helpers of a Python killed from outside are
    // killed here. The pipes close once every process of the group is gone.
    this.child.on('exit', () => this.killGroup());
    let settled = false;
    this.closed = new Promise((resolve) => {
      const gone = () => {
        if (settled) return;
        settled = true;
        this.gone();
        // Its HOME, TMPDIR and profile (the helper removes them too when it ends by itself).
        rm(this.dir, { recursive: true, force: true }).then(resolve, resolve);
      };
      this.child.on('close', gone);
      this.child.on('error', () => {
        this.killGroup();
        gone();
      });
    });
    this.startTimer = setTimeout(() => this.killGroup(), OFFICE_LIMITS.startTimeoutMs);
  }

  /** Hands a letter to this converter (idle). */
  run(job: Job): void {
    this.state = 'busy';
    this.job = job;
    this.jobStderrFrom = this.stderr.length;
    this.jobTimer = setTimeout(() => {
      this.finish(new ToolError('timeout', `LibreOffice took longer than ${job.timeoutMs} ms.`));
      this.killGroup(); // a fresh converter takes the next letter
    }, job.timeoutMs);
    const request = { id: this.conversions + 1, input: job.input, output: job.output, marks: job.marks };
    this.child.stdin.write(`${JSON.stringify(request)}\n`);
  }

  /** The processes of this converter (its process group), from /proc; zombies left out. */
  processes(): { pid: number; name: string }[] {
    const group = this.child.pid;
    if (!group) return [];
    return processesInGroup(group);
  }

  /** Whether the server's event loop waits for this converter (only while it is being closed). */
  hold(wait: boolean): void {
    if (wait) this.child.ref();
    else this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) {
      const socket = stream as unknown as { ref?: () => void; unref?: () => void };
      if (wait) socket.ref?.();
      else socket.unref?.();
    }
  }

  killGroup(): void {
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // the group has already gone
    }
  }

  private message(line: string): void {
    let m: {
      ready?: boolean;
      event?: string;
      id?: number;
      ok?: boolean;
      error?: string;
      pages?: unknown;
      total?: unknown;
      blank?: unknown;
    };
    try {
      m = JSON.parse(line);
    } catch {
      return; // not ours (LibreOffice printing to stdout): ignored
    }
    if (m.ready && this.state === 'starting') {
      clearTimeout(this.startTimer);
      this.state = 'idle';
      this.settleReady.resolve();
      return;
    }
    if (m.event === 'office-exited') {
      this.officeExited = true;
      return;
    }
    if (m.id === undefined || !this.job) return;
    if (m.ok || m.error === 'load' || m.error === 'export') {
      // A document of several letters (a merge's batch) counts as its letters towards the converter's share.
      this.conversions += Math.max(1, this.job.marks?.length ?? 1);
      if (m.ok && Array.isArray(m.pages) && Number.isInteger(m.total)) {
        this.job.pages = m.pages.map((p) => (Number.isInteger(p) && (p as number) > 0 ? (p as number) : null));
        this.job.total = m.total as number;
        this.job.blank = Array.isArray(m.blank) ? m.blank.filter((p): p is number => Number.isInteger(p)) : [];
      }
      // A letter LibreOffice cannot open writes no PDF: the caller names it Corrupted, as before.
      this.finish(null);
      if (this.conversions >= OFFICE_LIMITS.conversionsPerConverter) {
        this.state = 'gone';
        this.child.stdin.end(); // the helper ends its group; the pool starts a fresh converter
        return;
      }
      this.state = 'idle';
      this.hooks.idle();
    } else if (m.error === 'gone') {
      this.officeExited = true; // the helper exits; gone() hands the letter to another converter
    } else this.finish(this.crashError());
  }

  /** Ends the letter in hand: null when converted (or not loadable), else its error. */
  private finish(error: Error | null): void {
    clearTimeout(this.jobTimer);
    const job = this.job;
    this.job = null;
    if (!job) return;
    if (error) job.reject(error);
    else job.resolve(true);
  }

  private crashError(): ToolError {
    const said = this.stderr.slice(this.jobStderrFrom);
    return OUT_OF_MEMORY.test(said)
      ? new ToolError('memory', 'LibreOffice ran out of memory.', said)
      : new ToolError('exit', 'LibreOffice stopped while converting.', said);
  }

  private gone(): void {
    const wasStarting = this.state === 'starting';
    this.state = 'gone';
    clearTimeout(this.startTimer);
    if (wasStarting)
      this.settleReady.reject(new ToolError('exit', 'LibreOffice could not be started.', this.stderr.slice(-4096)));
    const job = this.job;
    if (job) {
      clearTimeout(this.jobTimer);
      this.job = null;
      // Dead before it opened the letter: the letter goes to another converter (once).
      if (this.officeExited && job.requeues < MAX_REQUEUES) {
        job.requeues += 1;
        this.hooks.requeue(job);
      } else job.reject(this.crashError());
    }
    this.hooks.gone(this, !wasStarting);
  }
}

/** Live processes of a process group, from /proc (zombies, already dead, left out). */
function processesInGroup(group: number): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const [state, , pgrp] = stat.slice(close + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z')
        found.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // it exited while we looked
    }
  }
  return found;
}

/** The converters of one LibreOffice program, and the letters waiting for one. */
class OfficePool {
  private readonly converters = new Set<Converter>();
  private readonly queue: Job[] = [];
  private brokenUntil = 0;
  private closing = false;

  constructor(
    private readonly python: string,
    private readonly options: Omit<OfficeOptions, 'timeoutMs'>,
  ) {}

  convert(input: string, output: string, timeoutMs: number, marks?: readonly string[]): Promise<Job | null> {
    if (this.closing || Date.now() < this.brokenUntil) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const job: Job = {
        input,
        output,
        timeoutMs,
        requeues: 0,
        ...(marks ? { marks } : {}),
        resolve: (done) => resolve(done ? job : null),
        reject,
      };
      this.queue.push(job);
      this.pump();
    });
  }

  /** Gives waiting letters to idle converters, and starts converters for letters no converter will take soon. */
  private pump(): void {
    if (this.closing) return;
    for (const c of this.converters) {
      if (this.queue.length === 0) return;
      if (c.state === 'idle') c.run(this.queue.shift()!);
    }
    let starting = [...this.converters].filter((c) => c.state === 'starting').length;
    while (this.queue.length > starting && this.converters.size < OFFICE_LIMITS.converters) {
      this.start();
      starting += 1;
    }
  }

  private start(): void {
    const c = new Converter(this.python, this.options, {
      idle: () => this.pump(),
      requeue: (job) => {
        if (this.closing) return job.resolve(false); // converted one process each
        this.queue.unshift(job);
        this.pump();
      },
      gone: (gone, worked) => this.gone(gone, worked),
    });
    this.converters.add(c);
    c.ready.then(
      () => this.pump(),
      () => {
        if (this.closing) return;
        // Another converter may take the letters; without one that works (no python3-uno, a
        // soffice that will not start), letters are converted one process each, which says what
        // is wrong, and starting is tried again later.
        if (this.converters.size > 0) return this.pump();
        this.brokenUntil = Date.now() + OFFICE_LIMITS.retryStartAfterMs;
        for (const job of this.queue.splice(0)) job.resolve(false);
      },
    );
  }

  private gone(c: Converter, worked: boolean): void {
    this.converters.delete(c);
    // One that never started is handled where its start is awaited (above).
    if (this.closing || !worked) return;
    // A converter that worked is replaced at once (a dead soffice, a timeout, its share done), so
    // the next letter finds one warm; a soffice dying as soon as started is only retried for a letter.
    const lived = c.conversions > 0 || Date.now() - c.startedAt >= OFFICE_LIMITS.replaceAfterMs;
    if (lived && this.converters.size < OFFICE_LIMITS.converters) this.start();
    this.pump();
  }

  processes(): { pid: number; name: string; pipe: string }[] {
    return [...this.converters].flatMap((c) => c.processes().map((p) => ({ ...p, pipe: c.pipe })));
  }

  /** Kills every converter and waits until none of their processes is left. */
  async close(): Promise<void> {
    this.closing = true;
    // Letters still waiting (none once the job workers have stopped) are converted one process each.
    for (const job of this.queue.splice(0)) job.resolve(false);
    const converters = [...this.converters];
    for (const c of converters) {
      c.hold(true); // awaited below: the event loop must not end before they are gone
      c.killGroup();
    }
    await Promise.all(converters.map((c) => c.closed));
    // The group's processes are SIGKILLed: wait until the kernel has taken them all.
    const deadline = Date.now() + 5000;
    while (converters.some((c) => c.processes().length > 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pools = new Map<string, OfficePool>();

/**
 * Converts `input` (a checked and cleaned Word package) to the PDF `output` in a LibreOffice kept
 * running. Resolves true when done (no output file means LibreOffice could not load the letter),
 * false when no converter can run here (no soffice, no Python with uno): the caller then converts
 * in a process of its own, which names what is missing. Rejects with a ToolError, as runTool does:
 * 'timeout' (the converter is killed), 'memory' or 'exit' (soffice died on this letter).
 */
export async function convertInOffice(input: string, output: string, options: OfficeOptions): Promise<boolean> {
  const pool = poolFor(options);
  return pool ? (await pool.convert(input, output, options.timeoutMs)) !== null : false;
}

/** Where a document's marks were laid out: their pages, the pages laid out, and the blank ones inserted. */
export interface LaidOut {
  pages: (number | null)[];
  total: number;
  blank: number[];
}

/**
 * convertInOffice for a document of several letters (the mail merge's batch, decision 0040), each
 * starting at a bookmark of `marks`: resolves the page each bookmark was laid out on (null for one
 * LibreOffice did not find) and the number of pages, or null when no converter can run here or
 * nothing was converted (the caller then converts the letters one by one), and the blank pages
 * LibreOffice inserted (laid out, not in the PDF). Rejects as convertInOffice does.
 */
export async function convertMarkedInOffice(
  input: string,
  output: string,
  marks: readonly string[],
  options: OfficeOptions,
): Promise<LaidOut | null> {
  const pool = poolFor(options);
  const job = pool ? await pool.convert(input, output, options.timeoutMs, marks) : null;
  return job?.pages && job.total !== undefined ? { pages: job.pages, total: job.total, blank: job.blank ?? [] } : null;
}

function poolFor(options: OfficeOptions): OfficePool | null {
  let pool = pools.get(options.soffice);
  if (!pool) {
    const python = findCommand(process.env.UNO_PYTHON_PATH || UNO_PYTHON);
    if (!python || !findCommand(options.soffice) || !existsSync(SCRIPT)) return null;
    pool = new OfficePool(python, { soffice: options.soffice, memoryBytes: options.memoryBytes });
    pools.set(options.soffice, pool);
  }
  return pool;
}

/** The converters' processes (Python, oosplash, soffice.bin) and their pipe names: for tests and diagnostics. */
export function officeConverterProcesses(): { pid: number; name: string; pipe: string }[] {
  return [...pools.values()].flatMap((pool) => pool.processes());
}

/**
 * Stops every converter (the server is stopping). A later Word letter starts new ones. Should the
 * server die without calling this, each helper notices (its parent gone) and kills its soffice.
 */
export async function closeOfficeConverters(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
