// The tool host (decision 0039): a small Node process that starts the PDF tools (poppler, prlimit,
// tesseract, a one-off LibreOffice) for the server, so that the server's own thread never forks.
// A fork copies the parent's page tables and makes every page it then writes fault until the child
// has exec'd; from a 300-400 MB server that cost ~12 ms of its main thread a tool, half of it in a
// burst of uploads. From this ~40 MB process it costs about a millisecond, on another thread.
//
// Plain JavaScript beside its TypeScript client (tool-host.ts), so that the same file runs under the
// tests (src/) and the built server (dist/ resolves it in src/, as cut-pages.mjs).
//
// Messages, structured-cloned over the IPC channel ('advanced' serialization carries Buffers):
//   in:  { t: 'run', id, file, argv, env, cwd, timeoutMs, maxOutputBytes, stream, nice }
//        { t: 'stop', id }                 the caller wants no more output: a bounded 'output' failure
//   out: { t: 'out', id, chunk }           output as it comes, when `stream`
//        { t: 'end', id, code, signal, stdout, stderr, failure, spawnError }
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** @type {Map<number, { stop: (message: string) => void, killGroup: () => void }>} */
const running = new Map();

function run(message) {
  const { id, file, argv, env, cwd, timeoutMs, maxOutputBytes, stream, nice } = message;
  let child;
  try {
    child = spawn(file, argv, {
      detached: true, // its own process group, killed as one
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
      cwd,
    });
  } catch (error) {
    send({ t: 'end', id, spawnError: String(error?.message ?? error) });
    return;
  }
  // Analysis yields the processor to requests: the tool (and what it forks) runs at a lower priority.
  if (child.pid && nice) {
    try {
      setPriority(child.pid, nice);
    } catch {
      // it has already exited
    }
  }
  const out = [];
  const err = [];
  let outBytes = 0;
  let errBytes = 0;
  /** @type {{ kind: string, message: string } | null} */
  let failure = null;
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group has already gone
    }
  };
  const stop = (kind, text) => {
    failure ??= { kind, message: text };
    killGroup();
  };
  running.set(id, { stop: (text) => stop('output', text), killGroup });
  const timer = setTimeout(() => stop('timeout', `took longer than ${timeoutMs} ms.`), timeoutMs);
  child.stdout.on('data', (chunk) => {
    if (failure) return;
    outBytes += chunk.length;
    if (outBytes > maxOutputBytes) stop('output', `wrote more than ${maxOutputBytes} bytes.`);
    else if (stream) send({ t: 'out', id, chunk });
    else out.push(chunk);
  });
  child.stderr.on('data', (chunk) => {
    errBytes += chunk.length;
    if (errBytes <= 64 * 1024) err.push(chunk);
  });
  let ended = false;
  const end = (fields) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    running.delete(id);
    send({ t: 'end', id, ...fields });
  };
  // Not started (the file went, a bad cwd): 'close' may not follow.
  child.on('error', (error) => {
    killGroup();
    end({ spawnError: error.message, stderr: '' });
  });
  child.on('close', (code, signal) => {
    // Helpers a program left behind in its group go with it.
    if (failure || code !== 0) killGroup();
    end({
      code,
      signal,
      stdout: stream || failure ? null : Buffer.concat(out),
      stderr: Buffer.concat(err).toString('utf8'),
      failure,
    });
  });
}

function send(message) {
  if (process.connected) process.send(message);
}

process.on('message', (message) => {
  if (message?.t === 'run') run(message);
  else if (message?.t === 'stop') running.get(message.id)?.stop('was stopped: its output was not wanted further.');
});

// The server has gone (or closed the channel): nothing it started may outlive it.
process.on('disconnect', () => {
  for (const { killGroup } of running.values()) killGroup();
  process.exit(0);
});
