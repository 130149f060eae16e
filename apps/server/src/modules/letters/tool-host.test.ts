// The tool host (decision 0039): tools are started by a small process of their own, never by
// forking the server, with the same bounds and outcomes as before; a host that dies is replaced.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { POPPLER_LIMITS, runTool, runToolRaw, ToolError } from './poppler.js';
import { closeToolHosts, runInHost, ToolHostError } from './tool-host.js';

const LIMITS = { ...POPPLER_LIMITS, timeoutMs: 5_000 };

afterAll(async () => {
  await closeToolHosts();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the tool host', () => {
  it('starts the tools from its own process, niced, not from the server', async () => {
    // prlimit execs the program, so the shell's parent is whoever forked: the host, not us.
    // The niceness is set just after the start: the shell looks after a moment.
    const { stdout } = await runTool('sh', ['-c', 'sleep 0.3; echo $PPID; ps -o ni= -p $$'], LIMITS);
    const [ppid, nice] = stdout.trim().split(/\s+/).map(Number);
    expect(ppid).not.toBe(process.pid);
    const parentOfHost = Number(
      execFileSync('ps', ['-o', 'ppid=', '-p', String(ppid)])
        .toString()
        .trim(),
    );
    expect(parentOfHost).toBe(process.pid);
    expect(nice).toBe(10);
  });

  it('gives the output as bytes, and stderr, and names a failed exit with its code', async () => {
    const { stdout, stderr } = await runToolRaw('sh', ['-c', "printf '\\000\\377ok'; echo warn >&2"], LIMITS);
    expect([...stdout]).toEqual([0, 255, 111, 107]);
    expect(stderr).toBe('warn\n');
    const failed = await runTool('sh', ['-c', 'echo bad >&2; exit 3'], LIMITS).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ToolError);
    expect((failed as ToolError).kind).toBe('exit');
    expect((failed as ToolError).message).toBe('sh failed (3).');
    expect((failed as ToolError).stderr).toBe('bad\n');
  });

  it('kills a tool past its time with everything it started, and says so', async () => {
    // A duration no other process on the machine sleeps for names this test's processes.
    const marker = `sleep 30.${process.pid}`;
    const started = Date.now();
    const late = await runTool('sh', ['-c', `${marker} & ${marker}`], { ...LIMITS, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(late).toBeInstanceOf(ToolError);
    expect((late as ToolError).kind).toBe('timeout');
    expect((late as ToolError).message).toBe('sh took longer than 300 ms.');
    expect(Date.now() - started).toBeLessThan(4_000);
    // The background sleep of its group went too.
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(marker);
  });

  it('bounds the output, and stops a streamed tool whose reader has had enough', async () => {
    const flood = await runTool('sh', ['-c', 'yes'], { ...LIMITS, maxOutputBytes: 100_000 }).catch((e: unknown) => e);
    expect((flood as ToolError).kind).toBe('output');
    const chunks: Buffer[] = [];
    const stopped = await runToolRaw('sh', ['-c', 'yes'], LIMITS, {
      onStdout: (chunk) => {
        chunks.push(chunk);
        return chunks.length < 3;
      },
    }).catch((e: unknown) => e);
    expect((stopped as ToolError).kind).toBe('output');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks[0]!.toString('latin1').startsWith('y\ny\n')).toBe(true);
    // A reader that says stop on the last chunk of a tool that has already ended still stopped it.
    const late = await runToolRaw('sh', ['-c', 'echo one'], LIMITS, { onStdout: () => false }).catch((e: unknown) => e);
    expect((late as ToolError).kind).toBe('output');
    // A reader that throws stops the tool, and its error is the answer.
    const thrown = await runToolRaw('sh', ['-c', 'yes'], LIMITS, {
      onStdout: () => {
        throw new RangeError('unreadable page');
      },
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(RangeError);
    // A streamed tool's output is handed over, not kept.
    const streamed: Buffer[] = [];
    const { stdout } = await runToolRaw('sh', ['-c', 'echo one; echo two'], LIMITS, {
      onStdout: (chunk) => {
        streamed.push(chunk);
        return undefined;
      },
    });
    expect(stdout.length).toBe(0);
    expect(Buffer.concat(streamed).toString()).toBe('one\ntwo\n');
  });

  it('passes the environment and folder asked for', async () => {
    const { stdout } = await runTool('sh', ['-c', 'echo "$LP_TEST_VALUE"; pwd'], LIMITS, {
      env: { PATH: process.env.PATH, LP_TEST_VALUE: 'Seán Ó Briain' },
      cwd: '/tmp',
    });
    expect(stdout).toBe('Seán Ó Briain\n/tmp\n');
  });

  it('fails the tools of a host that dies as the host, not the file, and starts a new one', async () => {
    const { stdout } = await runTool('sh', ['-c', 'echo $PPID'], LIMITS);
    const hostPid = Number(stdout.trim());
    const running = runTool('sh', ['-c', 'sleep 5'], LIMITS).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    process.kill(hostPid, 'SIGKILL');
    const lost = await running;
    expect(lost).toBeInstanceOf(ToolHostError);
    expect(lost).not.toBeInstanceOf(ToolError);
    const again = await runTool('sh', ['-c', 'echo $PPID'], LIMITS);
    expect(Number(again.stdout.trim())).not.toBe(hostPid);
    expect(alive(hostPid)).toBe(false);
  });

  it('says when a program cannot be started', async () => {
    const end = await runInHost({
      file: '/nonexistent/tool',
      argv: [],
      env: process.env,
      timeoutMs: 1_000,
      maxOutputBytes: 1_000,
      nice: 0,
    });
    expect(end.spawnError).toMatch(/ENOENT/);
    const missing = await runTool('no-such-tool-lp', [], LIMITS).catch((e: unknown) => e);
    expect((missing as ToolError).kind).toBe('missing');
  });
});
