import { randomBytes } from 'node:crypto';
import type { IntegrationProviderId } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRing, open, parseKeyList, seal, sealedKeyId } from '../../platform/secrets.js';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';
import { RESEAL_JOB_KEY, RESEAL_TASK, resealIntegrationTokens } from './reseal-tokens.js';
import { Integrations, tokenPlace } from './service.js';

/**
 * Key rotation (decision 0021, "Tokens"): tokens sealed with key A, INTEGRATION_KEYS rotated to
 * B (A kept only to open), the re-seal job run: every row is sealed with B and opens to the same
 * tokens with B alone; a refresh committed while the job waits for its row is not lost; a second
 * run changes nothing; a value no key opens is counted and left; no token is in the database in clear.
 */

const keyA = `kA:${randomBytes(32).toString('base64')}`;
const keyB = `kB:${randomBytes(32).toString('base64')}`;
let t: TestContext;
const rows: Array<{ accountId: string; provider: IntegrationProviderId }> = [];

const sealedOf = async (accountId: string, provider: string) =>
  (
    await t.services.pool.query<{ tokens_sealed: string }>(
      'select tokens_sealed from integrations where account_id = $1 and provider = $2',
      [accountId, provider],
    )
  ).rows[0]!.tokens_sealed;

/** Every text the database holds, table by table (what a dump would show). */
async function databaseText(): Promise<string> {
  const { rows: tables } = await t.services.pool.query<{ s: string; n: string }>(
    `select table_schema as s, table_name as n from information_schema.tables
      where table_schema in ('public', 'graphile_worker') and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { s, n } of tables) {
    const { rows: r } = await t.services.pool.query<{ d: string | null }>(
      `select string_agg(x::text, E'\\n') as d from "${s}"."${n}" x`,
    );
    parts.push(r[0]?.d ?? '');
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestContext({ INTEGRATION_KEYS: keyA });
  const companies = [
    { companyName: "O'Reilly & Daughters Ltd", providers: ['xero', 'google_drive', 'dropbox'] as const },
    { companyName: 'Crème Brûlée Bakery', providers: ['quickbooks', 'onedrive'] as const },
  ];
  for (const c of companies) {
    const { agent, me } = await signUpCompany(t.app, { companyName: c.companyName });
    await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [me.account.id]);
    for (const provider of c.providers) {
      await connect(t, agent, provider);
      rows.push({ accountId: me.account.id, provider });
    }
  }
});
afterAll(() => t.close());

describe('re-sealing tokens after INTEGRATION_KEYS rotates', () => {
  it('seals every row with the new key, same tokens, under the refresh lock, once', async () => {
    const ringA = keyRing(parseKeyList(keyA), t.config.authSecret);
    const ringB = keyRing(parseKeyList(`${keyB},${keyA}`), t.config.authSecret);
    const onlyB = keyRing(parseKeyList(keyB), t.config.authSecret);
    const before = new Map<string, string>();
    for (const r of rows) {
      const sealed = await sealedOf(r.accountId, r.provider);
      expect(sealedKeyId(sealed)).toBe('kA');
      before.set(`${r.accountId}:${r.provider}`, open(ringA, sealed, tokenPlace(r.accountId, r.provider)));
    }
    const secrets = [...before.values()].flatMap((v) => {
      const j = JSON.parse(v) as { access_token: string; refresh_token: string };
      return [j.access_token, j.refresh_token];
    });
    expect(secrets.every((s) => s.length > 40)).toBe(true);

    // A refresh in flight (by a process still sealing with A) holds the first row's lock when the job starts.
    const first = rows[0]!;
    const refreshed = JSON.stringify({
      access_token: `refreshed-access-${randomBytes(24).toString('hex')}`,
      refresh_token: `refreshed-refresh-${randomBytes(24).toString('hex')}`,
      expires_at: new Date(Date.now() + 1_800_000).toISOString(),
    });
    const refresher = await t.services.pool.connect();
    let outcome: Awaited<ReturnType<typeof resealIntegrationTokens>>;
    try {
      await refresher.query('begin');
      await refresher.query('select * from integrations where account_id = $1 and provider = $2 for update', [
        first.accountId,
        first.provider,
      ]);
      const job = resealIntegrationTokens(t.services.pool, ringB, { batchSize: 2 });
      await new Promise((r) => setTimeout(r, 300));
      await refresher.query('update integrations set tokens_sealed = $3 where account_id = $1 and provider = $2', [
        first.accountId,
        first.provider,
        seal(ringA, refreshed, tokenPlace(first.accountId, first.provider)),
      ]);
      await refresher.query('commit');
      outcome = await job;
    } finally {
      refresher.release();
    }
    expect(outcome).toEqual({ sealingKey: 'kB', resealed: rows.length, unreadable: 0 });
    before.set(`${first.accountId}:${first.provider}`, refreshed);

    for (const r of rows) {
      const sealed = await sealedOf(r.accountId, r.provider);
      expect(sealedKeyId(sealed)).toBe('kB');
      // Opens with B alone (A can be removed) to exactly what was stored, the refresh included.
      expect(open(onlyB, sealed, tokenPlace(r.accountId, r.provider))).toBe(before.get(`${r.accountId}:${r.provider}`));
      expect(() => open(ringA, sealed, tokenPlace(r.accountId, r.provider))).toThrow();
    }

    // The product configured with B alone reads them; configured with A alone it no longer does.
    const svcB = new Integrations({
      pool: t.services.pool,
      config: { ...t.config, integrationKeys: parseKeyList(keyB) },
    });
    const sealed = await sealedOf(rows[1]!.accountId, rows[1]!.provider);
    expect(svcB.openTokens(rows[1]!.accountId, rows[1]!.provider, sealed).accessToken).toBe(
      JSON.parse(before.get(`${rows[1]!.accountId}:${rows[1]!.provider}`)!).access_token,
    );
    expect(() => t.app.integrations.openTokens(rows[1]!.accountId, rows[1]!.provider, sealed)).toThrow();

    // Idempotent: nothing left to do.
    const again = await resealIntegrationTokens(t.services.pool, ringB, { batchSize: 2 });
    expect(again).toEqual({ sealingKey: 'kB', resealed: 0, unreadable: 0 });
    const unchanged = await sealedOf(rows[1]!.accountId, rows[1]!.provider);
    expect(unchanged).toBe(sealed);

    // No token in clear anywhere in the database.
    const dump = await databaseText();
    expect(dump).toContain(sealed);
    for (const secret of [...secrets, ...Object.values(JSON.parse(refreshed) as Record<string, string>).slice(0, 2)])
      expect(dump).not.toContain(secret);
  });

  it('runs as a queued job, one however many times it is queued (as each worker start queues it)', async () => {
    // A connection sealed before INTEGRATION_KEYS was set (the key derived from AUTH_SECRET): the product's ring opens it.
    const r = rows[3]!;
    const derivedOnly = keyRing([], t.config.authSecret);
    const plain = JSON.stringify({
      access_token: `old-access-${randomBytes(20).toString('hex')}`,
      refresh_token: 'r',
      expires_at: new Date().toISOString(),
    });
    await t.services.pool.query('update integrations set tokens_sealed = $3 where account_id = $1 and provider = $2', [
      r.accountId,
      r.provider,
      seal(derivedOnly, plain, tokenPlace(r.accountId, r.provider)),
    ]);
    for (let i = 0; i < 3; i++) await t.services.jobs.add(RESEAL_TASK, {}, { jobKey: RESEAL_JOB_KEY, maxAttempts: 5 });
    const { rows: queued } = await t.services.pool.query(
      'select count(*)::int as n from graphile_worker.jobs where task_identifier = $1',
      [RESEAL_TASK],
    );
    expect(queued[0].n).toBe(1);
    await t.runJobs();
    const sealed = await sealedOf(r.accountId, r.provider);
    expect(sealedKeyId(sealed)).toBe('kA');
    expect(t.app.integrations.openTokens(r.accountId, r.provider, sealed).accessToken).toBe(
      JSON.parse(plain).access_token,
    );
  });

  it('counts a value no configured key opens, leaves it, and carries on', async () => {
    const stray = keyRing(parseKeyList(`kZ:${randomBytes(32).toString('base64')}`), t.config.authSecret);
    const victim = rows[2]!;
    const lost = seal(stray, '{"access_token":"x"}', tokenPlace(victim.accountId, victim.provider));
    await t.services.pool.query('update integrations set tokens_sealed = $3 where account_id = $1 and provider = $2', [
      victim.accountId,
      victim.provider,
      lost,
    ]);
    // Rotated once more: C seals, B and A open.
    const keyC = `kC:${randomBytes(32).toString('base64')}`;
    const ringC = keyRing(parseKeyList(`${keyC},${keyB},${keyA}`), t.config.authSecret);
    const outcome = await resealIntegrationTokens(t.services.pool, ringC, { batchSize: 1 });
    expect(outcome).toEqual({ sealingKey: 'kC', resealed: rows.length - 1, unreadable: 1 });
    expect(await sealedOf(victim.accountId, victim.provider)).toBe(lost);
    for (const r of rows.filter((r) => r !== victim))
      expect(sealedKeyId(await sealedOf(r.accountId, r.provider))).toBe('kC');
  });
});
