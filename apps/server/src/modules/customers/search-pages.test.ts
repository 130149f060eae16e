import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

// A search's page is read one of two ways (routes.ts): a frequent term by walking the name index,
// bounded, and otherwise (or when the walk did not fill the page) every match from the trigram
// index, sorted. Whichever way, a page must be exactly the matches in name order at its place.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('a search of thousands of customers', () => {
  it('answers every page as the matches in name order, whether the matches are spread or bunched', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    // 9,000 customers: "Brontë" for every other one (spread through the alphabet, 4,500 matches),
    // and the postcode ZZ9 for every Zoë (3,000 matches, all at the end of the list, so a walk of
    // the name index from the start finds none within its bound).
    await t.services.pool.query(
      `insert into customers (id, account_id, name, address_lines, postcode, match_key)
       select gen_random_uuid()::text, $1,
              (array['Aoife', 'Mo', 'Zoë'])[i % 3 + 1] || ' ' || case when i % 2 = 0 then 'Brontë' else 'O''Neill' end || ' ' || i,
              array['1 High Street'], case when i % 3 = 2 then 'ZZ9 9ZZ' else 'LS11 1AA' end, 'k' || i
         from generate_series(1, 9000) as i`,
      [accountId],
    );
    const truth = async (term: string, offset: number) =>
      (
        await t.services.pool.query<{ id: string }>(
          `select id from customers c where account_id = $1 and search_text like '%' || $2 || '%'
            order by name collate customer_name, id limit 25 offset $3`,
          [accountId, term, offset],
        )
      ).rows.map((r) => r.id);
    for (const [search, term, count] of [
      ['BRONTE', 'bronte', 4500],
      ['zz9', 'zz9', 3000],
      ['oneill', 'oneill', 4500],
    ] as const) {
      for (const page of [0, 1, 7, Math.ceil(count / 25) - 1, Math.ceil(count / 25)]) {
        const res = await agent.get(`/api/customers?limit=25&page=${page}&search=${encodeURIComponent(search)}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { rows: { customer_uuid: string }[]; count: number };
        expect(body.count).toBe(count);
        expect(
          body.rows.map((r) => r.customer_uuid),
          `${search} page ${page}`,
        ).toEqual(await truth(term, page * 25));
      }
    }
  });
});
