import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('emails a single-use link through the job queue to the local outbox, then sets the new password', async () => {
    const { agent, body } = await signUpCompany(t.app, { fullName: 'Mary Somerville' });
    const res = await new Agent(t.app).post('/api/password-reset/request', { email: body.email });
    expect(res.statusCode).toBe(202);
    expect(await t.outbox()).toHaveLength(0); // not sent in the request: it is a job
    await t.runJobs();
    const mail = (await t.outbox()).at(-1)!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toBe('Reset your Letterpost password');
    expect(mail.text).toContain('Hello Mary');
    const link = mail.links[0]!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/resetPassword\?token=/);

    const reset = await new Agent(t.app).post('/api/password-reset', {
      token: tokenOf(link),
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    // Existing sessions end with a reset.
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect(
      (await new Agent(t.app).post('/api/session', { email: body.email, password: body.password })).statusCode,
    ).toBe(401);
    expect(
      (await new Agent(t.app).post('/api/session', { email: body.email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);

    const reused = await new Agent(t.app).post('/api/password-reset', {
      token: tokenOf(link),
      password: 'yet another one',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link and keeps the password', async () => {
    const { body } = await signUpCompany(t.app);
    await new Agent(t.app).post('/api/password-reset/request', { email: body.email });
    await t.runJobs();
    const link = (await t.outbox()).at(-1)!.links[0]!;
    await t.services.pool.query(
      `update verifications set expires_at = now() - interval '1 minute' where identifier = $1`,
      [`reset-password:${tokenOf(link)}`],
    );
    const res = await new Agent(t.app).post('/api/password-reset', {
      token: tokenOf(link),
      password: 'should not apply',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
    expect(
      (await new Agent(t.app).post('/api/session', { email: body.email, password: body.password })).statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await new Agent(t.app).post('/api/password-reset/request', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(202);
    await t.runJobs();
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses an unknown token and a short password', async () => {
    const unknown = await new Agent(t.app).post('/api/password-reset', {
      token: 'abcdefghijklmnopqrstuvwx',
      password: 'long enough pw',
    });
    expect(unknown.statusCode).toBe(400);
    const short = await new Agent(t.app).post('/api/password-reset', {
      token: 'abcdefghijklmnopqrstuvwx',
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().fields[0]).toEqual({ path: 'password', message: 'Must be at least 8 characters long' });
  });
});

describe('mail over SMTP', () => {
  it('sends the reset email through the SMTP server of SMTP_URL', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => {
          data += c.toString('utf8');
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const smtp = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const { body } = await signUpCompany(smtp.app);
      await new Agent(smtp.app).post('/api/password-reset/request', { email: body.email });
      await smtp.runJobs();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${body.email}`);
      expect(received[0]).toContain('Subject: Reset your Letterpost password');
      expect(received[0]).toMatch(/resetPassword\?token=/);
      expect(await smtp.outbox()).toHaveLength(0);
    } finally {
      await smtp.close();
      server.close();
    }
  });
});
