import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

// A letters search's page must be exactly the matches, newest first (the id deciding a tie), at its
// place, in every tab, whatever plan reads it. (Reading a rare term's matches through the trigram
// index instead of walking the letters was tried and measured slower: bench/README.md, 2026-11-27.)

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('a search of thousands of letters', () => {
  it('answers every page of every tab as the matches newest first', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    const other = await signUpCompany(t.app);
    // 3,000 letters: "Gazette" in every 40th name (75), "Brontë" as the recipient of every other one
    // (1,500), some in the trash, the statuses of several tabs; times that tie in fours, so the id
    // decides. Another company has the same names and must never show.
    const seed = (account: string, creator: string) =>
      t.services.pool.query(
        `insert into letters (id, account_id, creator_id, name, status, blob_key, size_bytes,
                              recipient_name_snapshot, mark_for_deletion, created_at)
         select gen_random_uuid()::text, $1, $2,
                case when i % 40 = 0 then 'The Gazette renewal ' || i else 'Invoice ' || i end || '.pdf',
                (array['Analysis Complete', 'Posted', 'Invalid Postcode'])[i % 3 + 1],
                'letters/x/' || i || '.pdf', 1000,
                case when i % 2 = 0 then 'Ms Zoë Brontë' else 'Mr Seán O''Neill' end,
                i % 17 = 0, timestamptz '2026-01-01' + (i / 4) * interval '1 minute'
           from generate_series(1, 3000) as i`,
        [account, creator],
      );
    await seed(accountId, me.user.id);
    await seed(other.me.account.id, other.me.user.id);
    const truth = async (term: string, tab: 'all' | 'trash', offset: number) =>
      (
        await t.services.pool.query<{ id: string }>(
          `select id from letters l where account_id = $1 and mark_for_deletion = $4
              and lower(name || ' ' || coalesce(recipient_name_snapshot, '')) like '%' || $2 || '%'
            order by created_at desc, id desc limit 25 offset $3`,
          [accountId, term, offset, tab === 'trash'],
        )
      ).rows.map((r) => r.id);
    for (const [search, term] of [
      ['GAZETTE', 'gazette'],
      ['brontë', 'brontë'],
      ["o'neill", "o'neill"],
    ] as const) {
      for (const tab of ['all', 'trash'] as const) {
        const all = (await truth(term, tab, 0)).length;
        expect(all, `${search} ${tab} has matches`).toBeGreaterThan(0);
        for (const page of [0, 1, 2, 13, 59, 60]) {
          const res = await agent.get(
            `/api/letters?limit=25&tab=${tab}&page=${page}&search=${encodeURIComponent(search)}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const rows = (res.json() as { rows: { uuid: string }[] }).rows.map((r) => r.uuid);
          expect(rows, `${search} ${tab} page ${page}`).toEqual(await truth(term, tab, page * 25));
        }
      }
    }
  }, 120_000);
});
