import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { keyRing, open, parseKeyList, sealedKeyId } from '../../platform/secrets.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { secretPlace } from './sign.js';
import { pruneWebhookEvents, resealWebhookSecrets, WEBHOOK_EVENTS_KEPT_DAYS } from './upkeep.js';

let t: TestContext;
let company: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await createTestContext();
  company = await signUpCompany(t.app);
});
afterAll(() => t.close());

async function endpoint() {
  const res = await company.agent.post('/api/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['balance.low'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

describe('webhook upkeep', () => {
  it('re-seals the signing secrets with the new key after INTEGRATION_KEYS rotates, once', async () => {
    const made = await endpoint();
    const sealedNow = async () =>
      (await t.services.pool.query('select secret_sealed from webhook_endpoints where id = $1', [made.endpoint.id]))
        .rows[0].secret_sealed as string;
    const rotated = keyRing(parseKeyList(`kNew:${randomBytes(32).toString('base64')}`), t.config.authSecret);
    expect(sealedKeyId(await sealedNow())).not.toBe('kNew');
    const first = await resealWebhookSecrets(t.services.pool, rotated);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toBe(0);
    expect(sealedKeyId(await sealedNow())).toBe('kNew');
    expect(open(rotated, await sealedNow(), secretPlace(made.endpoint.id))).toBe(made.secret);
    expect(await resealWebhookSecrets(t.services.pool, rotated)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it(`forgets events older than ${WEBHOOK_EVENTS_KEPT_DAYS} days, never one still being retried`, async () => {
    const made = await endpoint();
    const emit = () =>
      inTransaction(t.services.pool, (q) =>
        emitEvent(q, company.me.account.id, 'balance.low', {
          available_pence: 900,
          balance_pence: 900,
          held_pence: 0,
          threshold_pence: 1000,
        }),
      );
    await emit();
    await emit();
    const { rows: events } = await t.services.pool.query<{ id: string }>(
      `select e.id from webhook_events e join webhook_deliveries d on d.event_id = e.id
        where d.endpoint_id = $1 order by e.created_at`,
      [made.endpoint.id],
    );
    expect(events).toHaveLength(2);
    const [done, pending] = events.map((e) => e.id);
    await t.services.pool.query(
      `update webhook_events set created_at = now() - interval '31 days' where id = any($1)`,
      [[done, pending]],
    );
    await t.services.pool.query(`update webhook_deliveries set status = 'failed' where event_id = $1`, [done]);
    expect(await pruneWebhookEvents(t.services.pool)).toBe(1);
    const left = await t.services.pool.query('select id from webhook_events where id = any($1)', [[done, pending]]);
    expect(left.rows.map((r) => r.id)).toEqual([pending]);
    const attempts = await t.services.pool.query(
      'select count(*)::int as n from webhook_deliveries where event_id = $1',
      [done],
    );
    expect(attempts.rows[0].n).toBe(0);
  });
});
