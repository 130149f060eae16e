import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { capture, credit, hold } from './ledger.js';

// The transactions list (issue 29): a search reads its matches through the trigram indexes (the
// entry's own words, its letter's, its parcel's), and a filtered list's count is kept until the
// company's ledger changes. Whichever way a page is read, it must be exactly what a plain query of
// the same rule answers, page after page, and the count must follow every new entry.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PARTY = {
  name: "Siobhán O'Neill",
  phoneNumber: '07700900123',
  email: '',
  addressLine1: '12 Acacia Avenue',
  addressLine2: '',
  addressLine3: '',
  town: 'Bristol',
  county: 'Bristol',
  postcode: 'BS8 2QT',
};

type Page = { rows: { id: string }[]; count: number };

describe('the transactions list, searched and filtered', () => {
  it('answers every page as a plain query does, and keeps its counts only until the ledger changes', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    const pool = t.services.pool;
    // Letters and a parcel whose names the search reads (accents kept as typed: the list's search
    // is lower case, as before).
    await pool.query(
      `insert into letters (id, account_id, name, status, blob_key, size_bytes, recipient_name_snapshot)
       values ('tl-1', $1, 'Notice for the Gazette', 'Delivered', 'k', 1, 'Áine O''Neill'),
              ('tl-2', $1, 'Invoice 4471', 'Delivered', 'k', 1, 'Zoë Gazetteer'),
              ('tl-3', $1, 'Reminder', 'Delivered', 'k', 1, 'Seán Brontë')`,
      [accountId],
    );
    await pool.query(
      `insert into parcels (id, account_id, creator_name, sender_email, status, sender, recipient, recipient_name,
         recipient_postcode, carrier_name, service_id, service_name, goods_value_pence, length_cm, width_cm, height_cm,
         weight_kg, collection_date, cost_pence)
       values ('tp-1', $1, 'Ada', 'ada@example.com', 'In transit', $2, $2, 'The Gazette Office', 'BS8 2QT', 'Royal Mail',
         'royal-mail:tracked-48', 'Tracked 48', 1000, 10, 10, 10, 1, current_date, 500)`,
      [accountId, PARTY],
    );
    // 900 entries over 90 days: charges for those letters and the parcel, top-ups, "Gazette" in
    // every 37th description, a member's name on some.
    await pool.query(
      `insert into account_balances (account_id, balance_pence, held_pence, entry_count) values ($1, 100000, 0, 0)
       on conflict (account_id) do nothing`,
      [accountId],
    );
    await pool.query(
      `insert into ledger_entries (id, account_id, type, amount_pence, held_delta_pence, balance_after_pence,
          user_name, user_email, description, service_id, reference, idempotency_key, request_hash, created_at)
       select 'txn_t' || g, $1, case when g % 20 = 0 then 'top_up' else 'charge' end,
              case when g % 20 = 0 then 5000 else -87 end, 0, 100000,
              case when g % 3 = 0 then 'Siân O''Brien' end, case when g % 3 = 0 then 'sian@example.com' end,
              case when g % 37 = 0 then 'Letter to the Gazette office ' || g else 'Letter ' || g end,
              case g % 10 when 1 then 'tl-1' when 2 then 'tl-2' when 3 then 'tl-3' when 4 then 'tp-1' end,
              case when g % 20 = 0 then 'pi_' || g end, 'seed-' || g, 'x',
              now() - make_interval(mins => g * 144)
         from generate_series(1, 900) g`,
      [accountId],
    );
    await pool.query('update account_balances set entry_count = entry_count + 900 where account_id = $1', [accountId]);
    // A reservation captured (its charge is listed once) and one still open (listed as Reserved).
    const captured = await inTransaction(pool, (q) =>
      hold(q, {
        accountId,
        actor: null,
        key: 'tl-h1',
        amount: 171,
        description: 'Post: Gazette notice',
        serviceId: 'tl-1',
      }),
    );
    await inTransaction(pool, (q) => capture(q, { accountId, holdId: captured.id }));
    await inTransaction(pool, (q) =>
      hold(q, { accountId, actor: null, key: 'tl-h2', amount: 99, description: 'Post: Reminder', serviceId: 'tl-3' }),
    );

    // The rule, written plainly: the entry's own words, its letter's name and recipient, its
    // parcel's recipient, each holding the lower-cased term; a settled hold's own entry left out.
    const truth = async (where: string, params: unknown[]) =>
      (
        await pool.query<{ id: string }>(
          `select e.id from ledger_entries e
             left join holds h on e.type = 'hold' and h.id = e.hold_id
             left join letters l on l.id = e.service_id and l.account_id = e.account_id
             left join parcels p on p.id = e.service_id and p.account_id = e.account_id
            where e.account_id = $1 and (e.type <> 'hold' or h.status = 'open') ${where}
            order by e.created_at desc, e.seq desc`,
          [accountId, ...params],
        )
      ).rows.map((r) => r.id);
    const words = (n: number) =>
      `and (strpos(lower(e.description || ' ' || coalesce(e.user_name, '') || ' ' || coalesce(e.user_email, '') || ' ' ||
              coalesce(e.reference, '') || ' ' || coalesce(e.service_id, '')), $${n}) > 0
            or strpos(lower(l.name || ' ' || coalesce(l.recipient_name_snapshot, '')), $${n}) > 0
            or strpos(lower(p.recipient_name), $${n}) > 0)`;
    const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const cases: [string, string, unknown[]][] = [
      ['search=gazette', words(2), ['gazette']],
      ['search=GAZETTE', words(2), ['gazette']],
      [`search=${encodeURIComponent("o'neill")}`, words(2), ["o'neill"]],
      [`search=${encodeURIComponent('brontë')}`, words(2), ['brontë']],
      [`search=${encodeURIComponent("siân o'brien")}`, words(2), ["siân o'brien"]],
      ['search=4471', words(2), ['4471']],
      ['search=pi_1', words(2), ['pi_1']],
      ['search=nothing-like-it', words(2), ['nothing-like-it']],
      ['filter.type=top_up', 'and e.type = $2', ['top_up']],
      ['filter.type=hold', 'and e.type = $2', ['hold']],
      ['filter.type=top_up&filter.type=hold', 'and e.type = any($2)', [['top_up', 'hold']]],
      [`filter.date=${encodeURIComponent(`${month}/..`)}`, 'and e.created_at >= $2', [month]],
      [
        `filter.date=${encodeURIComponent(`${month}/..`)}&filter.type=charge&search=gazette`,
        `and e.created_at >= $2 and e.type = $3 ${words(4)}`,
        [month, 'charge', 'gazette'],
      ],
    ];
    for (const [query, where, params] of cases) {
      const expected = await truth(where, params);
      expect(expected.length, query).toBeLessThan(950);
      const seen: string[] = [];
      for (let page = 0; page <= Math.ceil(expected.length / 50); page++) {
        const res = await agent.get(`/api/finances/transactions?limit=50&page=${page}&${query}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as Page;
        expect(body.count, query).toBe(expected.length);
        seen.push(...body.rows.map((r) => r.id));
      }
      expect(seen, query).toEqual(expected);
    }
    // The letters' and the parcel's names make most of the matches (the descriptions hold 25).
    expect((await truth(words(2), ['gazette'])).length).toBeGreaterThan(250);

    // A kept count follows the ledger: a new top-up is counted at once, by this process and the list.
    const topUps = async () =>
      ((await agent.get('/api/finances/transactions?filter.type=top_up')).json() as Page).count;
    const before = await topUps();
    expect(before).toBe(45);
    await inTransaction(pool, (q) =>
      credit(q, { accountId, actor: null, key: 'tl-c1', amount: 500, type: 'top_up', description: 'Card top-up' }),
    );
    expect(await topUps()).toBe(before + 1);
    const searched = async () => ((await agent.get('/api/finances/transactions?search=gazette')).json() as Page).count;
    const found = await searched();
    await inTransaction(pool, (q) =>
      credit(q, {
        accountId,
        actor: null,
        key: 'tl-c2',
        amount: 500,
        type: 'bank_transfer',
        description: 'Gazette refund',
      }),
    );
    expect(await searched()).toBe(found + 1);
  });

  it("never answers another company's entries, whatever the search", async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: b.me.account.id,
        actor: null,
        key: 'tl-b',
        amount: 900,
        type: 'bank_transfer',
        description: 'Secret gazette',
      }),
    );
    const res = await a.agent.get('/api/finances/transactions?search=gazette&filter.type=bank_transfer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], count: 0 });
  });
});
