import { DELIVERY_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { ordinaryLetters } from '../../test/fixtures/uk-letters.js';
import {
  Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { credit } from '../money/ledger.js';

/** Issue 24 item 12: the sender revokes a letter's links; a revoked link answers as an unknown one. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let keyN = 0;
async function company() {
  const c = await signUpCompany(t.app);
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId: c.me.account.id,
      actor: null,
      key: `revoke-seed-${++keyN}`,
      amount: 10_000,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
  return c;
}

/** An analysed letter delivered as a cloud link and by email sent as a link; its two links' tokens. */
async function deliveredLetter(agent: Agent, email: string) {
  const upload = await agent.upload(
    '/api/letters/files?type=regular',
    'tenancy.pdf',
    await ordinaryLetters()[0]!.bytes(),
  );
  expect(upload.statusCode, upload.body).toBe(201);
  const id = upload.json().uuid as string;
  await t.runJobs();
  const sent = await agent.post('/api/letters/deliver', {
    uuid: id,
    preference_overrides: ['cloud_link', 'email'],
    is_cloud_link: true,
    recipient_email: email,
    cloud_link_expiry_days: 90,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  await t.runJobs();
  await t.services.delivery.providers.settled();
  await t.runJobs();
  const channels = (await details(agent, id)).delivery.channels as Array<{
    channel: string;
    cloud_link: { url: string | null; revoked_at: string | null } | null;
  }>;
  const cloud = channels.find((c) => c.channel === 'cloud_link')!.cloud_link!;
  const mailed = (await t.outbox()).find((m) => m.to === email)!;
  const emailLink = mailed.links.find((l) => l.includes('/cloud#'))!;
  return { id, tokens: [cloud.url!.split('#')[1]!, emailLink.split('#')[1]!] };
}

/** The tables whose rows differ from the fingerprint `before` (the jobs count too): none means nothing changed. */
async function changedSince(before: string): Promise<string[]> {
  const was = new Set(before.split(','));
  return (await databaseFingerprint(t.services.pool))
    .split(',')
    .filter((part) => !was.has(part))
    .map((part) => part.split(':')[0]!);
}

const details = async (agent: Agent, id: string) => (await agent.get(`/api/letters/${id}/delivery`)).json();
const revoke = (agent: Agent, id: string) => agent.delete(`/api/letters/${id}/cloud-link`);
const visitor = () => new Agent(t.app);
const open = (token: string) => visitor().post('/api/cloud/open', { token });
const file = (token: string) => visitor().post('/api/cloud/file', { token });

describe('revoking a letter’s links', () => {
  it('ends every live link to the letter: each answers exactly as an unknown link, and the PDF stops', async () => {
    const { agent, me } = await company();
    const { id, tokens } = await deliveredLetter(agent, 'revoke-1@example.co.uk');
    for (const token of tokens) {
      expect((await open(token)).statusCode).toBe(200);
      expect((await file(token)).statusCode).toBe(200);
    }
    const unknown = await open('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DELIVERY_MESSAGES.cloudLinkGone);

    const res = await revoke(agent, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uuid: id, revoked: 2, message: DELIVERY_MESSAGES.cloudLinkRevoked });

    for (const token of tokens) {
      const opened = await open(token);
      expect(opened.statusCode).toBe(404);
      expect(opened.json()).toEqual(unknown.json());
      const pdf = await file(token);
      expect(pdf.statusCode).toBe(404);
      expect(pdf.json()).toEqual(unknown.json());
      expect(pdf.headers['content-type']).not.toContain('pdf');
    }

    // The panel shows each link revoked, with no link left to copy.
    const channels = (await details(agent, id)).delivery.channels as Array<{
      channel: string;
      cloud_link: { url: string | null; revoked_at: string | null } | null;
    }>;
    for (const c of channels.filter((x) => x.cloud_link)) {
      expect(c.cloud_link!.url, c.channel).toBeNull();
      expect(c.cloud_link!.revoked_at, c.channel).not.toBeNull();
    }
    // A line in the timeline and an audit row, written with the change.
    const history = (await agent.get(`/api/letters/${id}/history`)).json().rows as Array<{ reason: string | null }>;
    expect(history.at(-1)!.reason).toMatch(/^Cloud link revoked by /);
    const { rows: audit } = await t.services.pool.query(
      `select actor_user_id, after from audit_log where account_id = $1 and action = 'letter.cloud_link_revoked' and entity_id = $2`,
      [me.account.id, id],
    );
    expect(audit).toEqual([{ actor_user_id: me.user.id, after: { revoked: 2 } }]);
  });

  it('is idempotent: revoking again answers 200 and changes nothing', async () => {
    const { agent } = await company();
    const { id } = await deliveredLetter(agent, 'revoke-2@example.co.uk');
    expect((await revoke(agent, id)).json().revoked).toBe(2);
    const before = await databaseFingerprint(t.services.pool);
    const again = await revoke(agent, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ uuid: id, revoked: 0, message: DELIVERY_MESSAGES.noLiveCloudLink });
    expect(await changedSince(before)).toEqual([]);
  });

  it("answers 404 for another company's letter and its links keep working", async () => {
    const a = await company();
    const { id, tokens } = await deliveredLetter(a.agent, 'revoke-3@example.co.uk');
    const b = await company();
    const before = await databaseFingerprint(t.services.pool);
    const res = await revoke(b.agent, id);
    expect(res.statusCode, res.body).toBe(404);
    expect(await changedSince(before)).toEqual([]);
    for (const token of tokens) expect((await open(token)).statusCode).toBe(200);
  });

  it('needs a session and send_letter: 401 and 403 change nothing', async () => {
    const { agent, me } = await company();
    const { id, tokens } = await deliveredLetter(agent, 'revoke-4@example.co.uk');
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_letters'] } });
    const before = await databaseFingerprint(t.services.pool);
    expect((await revoke(new Agent(t.app), id)).statusCode).toBe(401);
    expect((await revoke(reader.agent, id)).statusCode).toBe(403);
    expect(await changedSince(before)).toEqual([]);
    // The reader still sees the delivery and its live link.
    expect((await details(reader.agent, id)).delivery.channels[0].cloud_link.revoked_at).toBeNull();
    for (const token of tokens) expect((await open(token)).statusCode).toBe(200);
    // A sender who is not the owner may revoke.
    const sender = await addMember(t, me.account.id, {
      permissions: { operational: ['send_letter'], observable: ['see_letters'] },
    });
    expect((await revoke(sender.agent, id)).json().revoked).toBe(2);
  });

  it('answers a bad id with a 4xx and changes nothing', async () => {
    const { agent } = await company();
    const { id } = await deliveredLetter(agent, 'revoke-5@example.co.uk');
    const before = await databaseFingerprint(t.services.pool);
    const urls = [
      '/api/letters/not-a-uuid/cloud-link',
      `/api/letters/${id}%00/cloud-link`,
      '/api/letters/%00/cloud-link',
      `/api/letters/${encodeURIComponent(`${id}'--`)}/cloud-link`,
      '/api/letters/%2e%2e/cloud-link',
      '/api/letters/a%2Fb/cloud-link',
      '/api/letters/%E0%A4%A/cloud-link',
      '/api/letters/%/cloud-link',
      `/api/letters/${'x'.repeat(101)}/cloud-link`,
    ];
    for (const url of urls) {
      const res = await agent.delete(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    expect((await agent.delete(`/api/letters/${id}%00/cloud-link`)).statusCode).toBe(422);
    expect((await agent.delete('/api/letters/not-a-uuid/cloud-link')).statusCode).toBe(404);
    expect(await changedSince(before)).toEqual([]);
    // The percent-encoded id of the letter itself is the letter.
    const encoded = [...id].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    expect((await agent.delete(`/api/letters/${encoded}/cloud-link`)).json().revoked).toBe(2);
  });
});
