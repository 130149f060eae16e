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

describe('a postcode-shaped search (decision 0041)', () => {
  it("reads the district's customers in name order, with those whose name, email or phone holds the term", async () => {
    const { agent, me } = await signUpCompany(t.app);
    const accountId = me.account.id;
    // 3,000 customers: every third in LS11 (all Zoë: at the end of the alphabet), some in LS1 and
    // S11 (whose postcodes also hold "ls1" and "s11"), postcodes stored as typed ("ls112ab",
    // "LS11  2AB"), one without a postcode; names and emails that hold the term themselves.
    await t.services.pool.query(
      `insert into customers (id, account_id, name, address_lines, postcode, email, phone, match_key)
       select gen_random_uuid()::text, $1,
              case when i % 3 = 0 then 'Zoë Ó Briain ' || i when i % 97 = 0 then 'LS11 Plumbing ' || i
                   else (array['Aoife', 'Mo', 'Siobhán'])[i % 3 + 1] || ' O''Neill ' || i end,
              array['1 High Street'],
              case when i % 3 = 0 then (array['LS11 2AB', 'ls112ab', 'LS11  9ZZ', 'LS11 1AA'])[i % 4 + 1]
                   when i % 3 = 1 then (array['LS1 1AA', 'S11 8UL', 'LS10 1AB'])[(i / 3) % 3 + 1]
                   when i % 11 = 0 then null else 'YO1 7HH' end,
              case when i % 89 = 0 then 'bills11' || i || '@example.co.uk' else 'customer' || i || '@example.co.uk' end,
              '07700 ' || (900000 + i), 'k' || i
         from generate_series(1, 3000) as i`,
      [accountId],
    );
    // The rule, written plainly: the postcode's outward code (case and spaces ignored; the inward
    // code its last three characters), or the folded name, email or phone holding the term.
    const truth = async (outward: string, inward: string, term: string) =>
      (
        await t.services.pool.query<{ id: string }>(
          `select id from customers c where account_id = $1 and (
              (length(upper(replace(postcode, ' ', ''))) >= 5
                 and left(upper(replace(postcode, ' ', '')), -3) = $2
                 and starts_with(right(upper(replace(postcode, ' ', '')), 3), $3))
              or (length(upper(replace(postcode, ' ', ''))) < 5 and upper(replace(postcode, ' ', '')) = $2 and $3 = '')
              or strpos(search_fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')), $4) > 0)
            order by name collate customer_name, id`,
          [accountId, outward, inward, term],
        )
      ).rows.map((r) => r.id);
    for (const [search, outward, inward, term] of [
      ['ls11', 'LS11', '', 'ls11'],
      ['LS11 2', 'LS11', '2', 'ls11 2'],
      ['ls11 2ab', 'LS11', '2AB', 'ls11 2ab'],
      ['LS112AB', 'LS11', '2AB', 'ls112ab'],
      ['s11', 'S11', '', 's11'],
      ['ls1', 'LS1', '', 'ls1'],
    ] as const) {
      const expected = await truth(outward, inward, term);
      const seen: string[] = [];
      for (let page = 0; page <= Math.ceil(expected.length / 50); page++) {
        const res = await agent.get(`/api/customers?limit=50&page=${page}&search=${encodeURIComponent(search)}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { rows: { customer_uuid: string }[]; count: number };
        expect(body.count, search).toBe(expected.length);
        seen.push(...body.rows.map((r) => r.customer_uuid));
      }
      expect(seen, search).toEqual(expected);
    }
    // The district holds the Zoës and the names and emails holding "ls11"; "s11" is Sheffield's
    // district, not the end of Leeds' LS11.
    expect((await truth('LS11', '', 'ls11')).length).toBe(1000 + 20 + 22);
    const sheffield = await truth('S11', '', 's11');
    expect(sheffield.length).toBeGreaterThan(300);
    expect(sheffield.length).toBeLessThan(400);
    // Any other term is found anywhere in the folded text, accents and case aside, whether the
    // trigram index is asked for the whole term or (a term with digits) for its rare part.
    const plain = async (term: string) =>
      (
        await t.services.pool.query<{ id: string }>(
          `select id from customers c where account_id = $1 and strpos(search_text, search_fold($2)) > 0
            order by name collate customer_name, id`,
          [accountId, term],
        )
      ).rows.map((r) => r.id);
    for (const search of [
      'ZOË Ó BRIAIN 12',
      'zoe o briain 12',
      'Customer12',
      "siobhan o'neill 7",
      'oneill',
      '07700 9001',
    ]) {
      const expected = await plain(search);
      expect(expected.length, search).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let page = 0; page <= Math.ceil(expected.length / 50); page++) {
        const res = await agent.get(`/api/customers?limit=50&page=${page}&search=${encodeURIComponent(search)}`);
        const body = res.json() as { rows: { customer_uuid: string }[]; count: number };
        expect(body.count, search).toBe(expected.length);
        seen.push(...body.rows.map((r) => r.customer_uuid));
      }
      expect(seen, search).toEqual(expected);
    }
    expect(await plain('ZOË Ó BRIAIN 12')).toEqual(await plain('zoe o briain 12'));
    // A term with digits is looked up by its rare part, and the whole term still required.
    const one = (await agent.get(`/api/customers?limit=25&search=${encodeURIComponent('Customer1234@')}`)).json() as {
      rows: { email: string }[];
      count: number;
    };
    expect(one.rows.map((r) => r.email)).toEqual(['customer1234@example.co.uk']);
    expect(one.count).toBe(1);
    const bills = (await agent.get(`/api/customers?limit=100&search=${encodeURIComponent('bills11')}`)).json() as {
      count: number;
    };
    expect(bills.count).toBe(Math.floor(3000 / 89));
  });
});
