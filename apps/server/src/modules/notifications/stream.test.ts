import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionWatchOf } from '../../platform/session-watch.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import {
  Agent,
  addMember,
  createTestContext,
  openNotificationStream,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/**
 * Within "seconds": the watch checks every SESSION_CHECK_MS (5 s); the tests run its round at once
 * (what the timer would do a few seconds later) and allow a margin for the stream to close.
 */
const WITHIN = { timeout: 3_000, interval: 50 };
const checkNow = () => sessionWatchOf(t.services.pool).round();

/** A second browser of the same user (its own session). */
async function secondSession(email: string, password: string) {
  const agent = new Agent(t.app);
  const res = await agent.post('/api/session', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

/** Says something to the whole company, as any change does. */
const announce = (accountId: string) =>
  t.services.pool.query('select pg_notify($1, $2)', [
    'lp_events',
    JSON.stringify({ accountId, message: { type: 'refresh', entities: ['letters'] } }),
  ]);

describe('a live stream outlives no session', () => {
  it('ends with session_expired when another browser signs out everywhere, and hears nothing after', async () => {
    const { agent, body, me } = await signUpCompany(t.app);
    const stream = await openNotificationStream(base, agent);
    const other = await secondSession(body.email, body.password);
    expect((await other.request('DELETE', '/api/sessions')).statusCode).toBe(204);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    await checkNow();
    await expect.poll(() => stream.isEnded(), WITHIN).toBe(true);
    expect(stream.messages).toContainEqual({ type: 'auth_message', message: 'session_expired' });
    const heard = stream.messages.length;
    await announce(me.account.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.messages.length).toBe(heard);
  });

  it('ends when the password is changed in another browser', async () => {
    const { agent, body } = await signUpCompany(t.app);
    const stream = await openNotificationStream(base, agent);
    const other = await secondSession(body.email, body.password);
    const res = await other.request('POST', '/api/me/password', {
      current_password: body.password,
      new_password: 'a brand new password',
    });
    expect(res.statusCode, res.body).toBe(200);
    await checkNow();
    await expect.poll(() => stream.isEnded(), WITHIN).toBe(true);
    expect(stream.messages).toContainEqual({ type: 'auth_message', message: 'session_expired' });
  });

  it('ends when the session expires', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const stream = await openNotificationStream(base, agent);
    await t.services.pool.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      me.user.id,
    ]);
    await checkNow();
    await expect.poll(() => stream.isEnded(), WITHIN).toBe(true);
    expect(stream.messages).toContainEqual({ type: 'auth_message', message: 'session_expired' });
  });

  it('ends when the user’s permissions change, telling the browser to reload who it is', async () => {
    const owner = await signUpCompany(t.app);
    const member = await addMember(t, owner.me.account.id, { permissions: { letters: ['send_letter'] } });
    const stream = await openNotificationStream(base, member.agent);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.isEnded()).toBe(false);
    await t.services.pool.query(`update users set permissions = '{}'::jsonb where id = $1`, [member.userId]);
    await checkNow();
    await expect.poll(() => stream.isEnded(), WITHIN).toBe(true);
    expect(stream.messages).toContainEqual({ type: 'refresh', entities: ['me'] });
    expect(stream.messages).not.toContainEqual({ type: 'auth_message', message: 'session_expired' });
    // The browser opens it again, authorised by what holds now.
    const again = await openNotificationStream(base, member.agent);
    expect(again.isEnded()).toBe(false);
    again.close();
  });

  it('a stream whose session holds stays open through all of it', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const stream = await openNotificationStream(base, agent);
    await checkNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.isEnded()).toBe(false);
    await announce(me.account.id);
    await expect.poll(() => stream.messages.length, WITHIN).toBeGreaterThan(0);
    stream.close();
  });

  it('the thumbnail stream ends too', async () => {
    const { agent, body } = await signUpCompany(t.app);
    // A letter still analysing keeps its thumbnail stream open (its image is waited for).
    const up = await agent.upload(
      '/api/letters/files?type=regular',
      'waiting.pdf',
      await simpleLetterPdf(['Ms Ada Lovelace', '12 Analytical Row', 'London', 'N1 9GU']),
    );
    expect(up.statusCode, up.body).toBe(201);
    const controller = new AbortController();
    let ended = false;
    // Its headers come with its first image: the request is read in the background.
    const reading = fetch(`${base}/api/letters/thumbnails/stream?page=0`, {
      headers: { cookie: agent.cookieHeader() },
      signal: controller.signal,
    }).then(async (res) => {
      expect(res.status).toBe(200);
      await res.text().catch(() => '');
      ended = true;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(ended).toBe(false);
    const other = await secondSession(body.email, body.password);
    expect((await other.request('DELETE', '/api/sessions')).statusCode).toBe(204);
    await checkNow();
    await expect.poll(() => ended, WITHIN).toBe(true);
    await reading;
    controller.abort();
  });
});

describe('the disconnect beacon (part 2 section 7)', () => {
  it("ends the caller's own stream at once with a cookie-only POST, never another session's", async () => {
    const { agent, body } = await signUpCompany(t.app);
    const mine = await openNotificationStream(base, agent);
    await expect.poll(() => mine.streamId(), WITHIN).not.toBeNull();
    const id = mine.streamId()!;

    // Another browser of the same user cannot end this one (its session differs).
    const other = await secondSession(body.email, body.password);
    const beacon = (cookie: string) =>
      fetch(`${base}/api/notifications/stream/${id}/disconnect`, { method: 'POST', headers: { cookie } });
    expect((await beacon(other.cookieHeader())).status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.isEnded()).toBe(false);

    // As navigator.sendBeacon sends it: the cookie, no CSRF token, no body.
    expect((await beacon(agent.cookieHeader())).status).toBe(204);
    await expect.poll(() => mine.isEnded(), WITHIN).toBe(true);
    // Signed out, the beacon is refused like any member route.
    expect((await beacon('')).status).toBe(401);
  });
});
