import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client of the tool hosts (decision 0039): every bounded tool the server runs (runToolRaw) is
 * started by one of a few small long-lived Node processes (tool-host-process.mjs), never by
 * forking the server itself. A host is started on first use, started again if it dies, and goes
 * when the server goes (its channel closes).
 */

/** The host's script, beside this module in src/; dist/ is at the same depth, so both find it. */
const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/modules/letters/tool-host-process.mjs',
);

/** Extra time the host has past a tool's own bound before the server gives up on it. */
const HOST_GRACE_MS = 10_000;

export interface HostRun {
  file: string;
  argv: string[];
  /** The tool's environment; the host's own (the server's, when it started) when not given. */
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  timeoutMs: number;
  maxOutputBytes: number;
  nice: number;
}

export interface HostEnd {
  code?: number | null;
  signal?: NodeJS.Signals | null;
  stdout?: Uint8Array | null;
  stderr: string;
  failure?: { kind: 'timeout' | 'output'; message: string } | null;
  spawnError?: string;
}

/** The host failed, not the tool or its file: the job that asked retries. */
export class ToolHostError extends Error {}

interface Pending {
  resolve: (end: HostEnd & { stdout: Buffer | null }) => void;
  reject: (error: Error) => void;
  onStdout: ((chunk: Buffer) => boolean | undefined) | undefined;
  stopped: boolean;
  /** What the reader threw, if it did. */
  readerError?: unknown;
  timer: NodeJS.Timeout;
}

interface Host {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

/**
 * How many hosts start tools side by side. A spawn blocks its host until the child has exec'd
 * (libuv waits for it), 8-10 ms on the loaded 2 cores, so one host caps a burst at about 100 tools
 * a second; three overlap those waits (bench/README.md, "The tool host").
 */
const HOSTS = Math.max(1, Math.min(8, Number(process.env.LP_TOOL_HOSTS) || 3));

const hosts: (Host | null)[] = Array.from({ length: HOSTS }, () => null);
let nextId = 1;

/** The host with the fewest tools running, started if it is not. */
function pickHost(): Host {
  let best = -1;
  for (let i = 0; i < hosts.length; i += 1) {
    const h = hosts[i];
    if (!h) {
      const started = startHost(i);
      hosts[i] = started;
      return started;
    }
    if (best < 0 || h.pending.size < hosts[best]!.pending.size) best = i;
    if (h.pending.size === 0) break;
  }
  return hosts[best]!;
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function startHost(slot: number): Host {
  const child = fork(SCRIPT, [], {
    serialization: 'advanced',
    execArgv: ['--max-old-space-size=128'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const h: Host = { child, pending: new Map() };
  const fail = (why: string) => {
    if (hosts[slot] === h) hosts[slot] = null;
    for (const p of h.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new ToolHostError(`The tool host ${why}.`));
    }
    h.pending.clear();
  };
  child.on('exit', (code, signal) => fail(`stopped (${code ?? signal})`));
  child.on('error', (error) => {
    fail(`failed: ${error.message}`);
    child.kill('SIGKILL');
  });
  child.on('message', (message: { t: 'out'; id: number; chunk: Uint8Array } | ({ t: 'end'; id: number } & HostEnd)) => {
    const p = h.pending.get(message.id);
    if (!p) return;
    if (message.t === 'out') {
      if (p.stopped || !p.onStdout) return;
      let more: boolean | undefined;
      try {
        more = p.onStdout(asBuffer(message.chunk));
      } catch (error) {
        // The reader failed on what it read: the tool is stopped and the caller gets that error.
        p.readerError = error;
        more = false;
      }
      if (more === false) {
        p.stopped = true;
        child.send({ t: 'stop', id: message.id });
      }
      return;
    }
    h.pending.delete(message.id);
    clearTimeout(p.timer);
    if (h.pending.size === 0) idle(h);
    if (p.readerError !== undefined) return p.reject(p.readerError as Error);
    // The reader said stop, but the tool may have ended before the host heard it: stopped it is.
    const failure = p.stopped
      ? (message.failure ?? { kind: 'output' as const, message: 'was stopped: its output was not wanted further.' })
      : message.failure;
    p.resolve({ ...message, failure, stdout: message.stdout ? asBuffer(message.stdout) : null });
  });
  idle(h);
  return h;
}

/** An idle host never keeps the server (or a test run) alive; a busy one does, as its tools would. */
function idle(h: Host) {
  h.child.unref();
  h.child.channel?.unref();
}

function busy(h: Host) {
  h.child.ref();
  h.child.channel?.ref();
}

/**
 * Runs one tool in the host. `onStdout` receives the output as it comes (none is kept); returning
 * false stops the tool (a bounded 'output' failure). Rejects with ToolHostError only when the host
 * itself fails; the tool's own outcome is in the answer.
 */
export function runInHost(
  run: HostRun,
  onStdout?: (chunk: Buffer) => boolean | undefined,
): Promise<HostEnd & { stdout: Buffer | null }> {
  const h = pickHost();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // The host did not answer past the tool's own bound: it is stuck; a new one serves the next.
      h.child.kill('SIGKILL');
    }, run.timeoutMs + HOST_GRACE_MS);
    h.pending.set(id, { resolve, reject, onStdout, stopped: false, timer });
    busy(h);
    h.child.send({ t: 'run', id, ...run, stream: onStdout !== undefined }, (error) => {
      if (!error) return;
      const p = h.pending.get(id);
      if (!p) return;
      h.pending.delete(id);
      clearTimeout(timer);
      if (h.pending.size === 0) idle(h);
      reject(new ToolHostError(`The tool host could not be reached: ${error.message}`));
    });
  });
}

/** Stops the hosts now (a server that stops; tests). Tools still running go with them. */
export async function closeToolHosts(): Promise<void> {
  const running = hosts.splice(0, hosts.length, ...hosts.map(() => null));
  await Promise.all(
    running.map((h) =>
      !h || h.child.exitCode !== null || h.child.signalCode !== null
        ? undefined
        : new Promise<void>((resolve) => {
            h.child.once('exit', () => resolve());
            h.child.disconnect?.();
          }),
    ),
  );
}
