import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { RESET_EMAILS_PER_DAY } from './password-reset.js';

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
    expect(mail.subject).toBe('Reset your LetterPost password');
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

  it('ends every other link when one is used', async () => {
    const { body } = await signUpCompany(t.app);
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      await new Agent(t.app).post('/api/password-reset/request', { email: body.email });
      await t.runJobs();
      links.push((await t.outbox()).at(-1)!.links[0]!);
    }
    expect(new Set(links).size).toBe(3);
    // The middle one is used: the older and the newer one end with it.
    const used = await new Agent(t.app).post('/api/password-reset', {
      token: tokenOf(links[1]!),
      password: 'the one that counts',
    });
    expect(used.statusCode).toBe(200);
    for (const link of [links[0]!, links[2]!]) {
      const res = await new Agent(t.app).post('/api/password-reset', { token: tokenOf(link), password: 'an old link' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
    }
    expect(
      (await new Agent(t.app).post('/api/session', { email: body.email, password: 'the one that counts' })).statusCode,
    ).toBe(200);
  });

  it('ends every link when the password is changed in account settings', async () => {
    const { agent, body } = await signUpCompany(t.app);
    await new Agent(t.app).post('/api/password-reset/request', { email: body.email });
    await t.runJobs();
    const link = (await t.outbox()).at(-1)!.links[0]!;
    const changed = await agent.post('/api/me/password', {
      current_password: body.password,
      new_password: 'changed in settings',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await new Agent(t.app).post('/api/password-reset', { token: tokenOf(link), password: 'from the link' });
    expect(res.statusCode).toBe(400);
    expect(
      (await new Agent(t.app).post('/api/session', { email: body.email, password: 'changed in settings' })).statusCode,
    ).toBe(200);
  });

  it('does the same work in the request whether or not the email is registered: one job, looked up later', async () => {
    const { body } = await signUpCompany(t.app);
    const state = async () => {
      const { rows } = await t.services.pool.query<{ v: number; j: number }>(
        `select (select count(*)::int from verifications) as v,
                (select count(*)::int from graphile_worker.jobs where task_identifier = 'request_password_reset') as j`,
      );
      return rows[0]!;
    };
    const before = await state();
    for (const email of [body.email, 'nobody-here@example.com']) {
      const res = await new Agent(t.app).post('/api/password-reset/request', { email });
      expect(res.statusCode).toBe(202);
    }
    // Nothing looked up yet (no link made for the registered one): two identical jobs queued.
    expect(await state()).toEqual({ v: before.v, j: before.j + 2 });
    const mails = (await t.outbox()).length;
    await t.runJobs();
    expect((await t.outbox()).length).toBe(mails + 1);
    expect((await state()).v).toBe(before.v + 1);
  });

  it('mails one address a few links a day at most, whoever asks', async () => {
    const { body } = await signUpCompany(t.app);
    const before = (await t.outbox()).length;
    for (let i = 0; i < RESET_EMAILS_PER_DAY + 3; i++) {
      const res = await new Agent(t.app).post('/api/password-reset/request', { email: body.email });
      expect(res.statusCode).toBe(202);
    }
    await t.runJobs();
    expect((await t.outbox()).length).toBe(before + RESET_EMAILS_PER_DAY);
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
      expect(received[0]).toContain('Subject: Reset your LetterPost password');
      expect(received[0]).toMatch(/resetPassword\?token=/);
      expect(await smtp.outbox()).toHaveLength(0);
    } finally {
      await smtp.close();
      server.close();
    }
  });
});
