import { customerMatchKey, parseCsv } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/fixtures/spreadsheets.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

// Customers found and sorted as people read names (issue 27 items 7 and 8; decision 0033).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ POSTCODE_SERVICE_URL: 'sandbox' });
});
afterAll(() => t.close());

const NAMES = [
  'Zoë Brontë',
  'aaron Abbott',
  'Áine Ní Bhriain',
  'Lars Ødegaard',
  "Conor O'Brien",
  'Siobhán Murphy',
  'Oliver Smith',
  'Unit 10 Traders Ltd',
  'Unit 9 Traders Ltd',
  'zack Young',
  'Éamon de Valera',
  'Eamon Doherty',
];

const recipients = (body: { rows: { recipient: string }[] }) => body.rows.map((r) => r.recipient);

async function seed(agent: Agent) {
  for (const name of NAMES) {
    const r = await agent.post('/api/customers', { name });
    expect(r.statusCode, r.body).toBe(201);
  }
}

describe('customer names: search and sort without regard to accents or case', () => {
  it('sorts Áine among the As and before Zoë, lower case among upper, numbers by value; the export in the same order', async () => {
    const { agent } = await signUpCompany(t.app);
    await seed(agent);
    const list = await agent.get('/api/customers?limit=25');
    expect(list.statusCode).toBe(200);
    expect(recipients(list.json())).toEqual([
      'aaron Abbott',
      'Áine Ní Bhriain',
      "Conor O'Brien",
      // "de V" before "Do": the letters first, the accent only between equals.
      'Éamon de Valera',
      'Eamon Doherty',
      'Lars Ødegaard',
      'Oliver Smith',
      'Siobhán Murphy',
      'Unit 9 Traders Ltd',
      'Unit 10 Traders Ltd',
      'zack Young',
      'Zoë Brontë',
    ]);
    // The pages follow the same order.
    const second = await agent.get('/api/customers?limit=5&page=1');
    expect(recipients(second.json())).toEqual([
      'Lars Ødegaard',
      'Oliver Smith',
      'Siobhán Murphy',
      'Unit 9 Traders Ltd',
      'Unit 10 Traders Ltd',
    ]);
    const csv = await agent.get('/api/customers/export.csv');
    const lines = parseCsv(csv.body.replace(/^\uFEFF/, '')).rows.slice(1);
    expect(lines.map((l) => l.cells[0])).toEqual(recipients(list.json()));
  });

  it('finds a name typed without its accents, in another case, or without its apostrophe (the pickers ask the same)', async () => {
    const { agent } = await signUpCompany(t.app);
    await seed(agent);
    const search = async (term: string) =>
      recipients((await agent.get(`/api/customers?limit=25&search=${encodeURIComponent(term)}`)).json());
    expect(await search('aine')).toEqual(['Áine Ní Bhriain']);
    expect(await search('ÁINE NÍ')).toEqual(['Áine Ní Bhriain']);
    expect(await search('odegaard')).toEqual(['Lars Ødegaard']);
    expect(await search('siobhan')).toEqual(['Siobhán Murphy']);
    expect(await search('bronte')).toEqual(['Zoë Brontë']);
    expect(await search('zoe')).toEqual(['Zoë Brontë']);
    expect(await search('obrien')).toEqual(["Conor O'Brien"]);
    expect(await search('O’Brien')).toEqual(["Conor O'Brien"]);
    expect(await search('eamon')).toEqual(['Éamon de Valera', 'Eamon Doherty']);
    // LIKE's wildcards stay literal.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await agent.get('/api/customers?search=aine')).json().count).toBe(1);
  });

  it('reads the list and the search through their indexes (no sort of the company’s customers)', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await seed(agent);
    // A company of 20,000 customers (and the planner told of them): the plans as the product meets them.
    await t.services.pool.query(
      `insert into customers (id, account_id, name, address_lines, postcode, email, match_key)
       select gen_random_uuid()::text, $1, 'Customer ' || i, '{"1 High Street",Leeds}', 'LS11 5PS',
              'customer' || i || '@example.co.uk', 'customer ' || i || '|LS11 5PS'
         from generate_series(1, 20000) i`,
      [me.account.id],
    );
    await t.services.pool.query('analyze customers');
    const client = await t.services.pool.connect();
    try {
      const plan = async (sql: string, params: unknown[]) =>
        (await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const list = await plan(
        'select c.id from customers c where c.account_id = $1 order by c.name collate customer_name, c.id limit 25 offset 100',
        [me.account.id],
      );
      expect(list).toContain('customers_sort_idx');
      expect(list).not.toMatch(/\bSort\b/);
      // Which index serves (PostgreSQL 15 would read a table this small whole).
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const search = await plan(
        `select c.id from customers c where c.account_id = $1
            and c.search_text like search_fold($2) escape '\\'`,
        [me.account.id, '%ØDEG%'],
      );
      expect(search).toContain('customers_search_idx');
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('matches an imported row to the customer whose name differs only in accents and case', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const first = await agent.post('/api/customers', {
      name: 'Áine Ní Bhriain',
      address_lines: ['4 Quay Street'],
      town: 'Galway',
      postcode: 'BT1 1AA',
    });
    expect(first.statusCode, first.body).toBe(201);
    const file =
      'Name,Address line 1,Town,Postcode,Phone\r\nAINE NI BHRIAIN,4 Quay Street,Belfast,bt1 1aa,07700 900123\r\n';
    const { body, contentType } = multipart([{ name: 'file', filename: 'customers.csv', data: file }]);
    const r = await agent.request('POST', '/api/customers/import', body, { 'content-type': contentType });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ imported: 0, updated: 1, refused: [] });
    const { rows } = await t.services.pool.query<{ name: string; address_lines: string[]; phone: string }>(
      'select name, address_lines, phone from customers where account_id = $1',
      [me.account.id],
    );
    expect(rows).toEqual([
      { name: 'AINE NI BHRIAIN', address_lines: ['4 Quay Street', 'Belfast'], phone: '07700 900123' },
    ]);
  });

  it('makes in SQL (migration 0028, for keys stored before) the match keys the application makes', async () => {
    const names = [
      ...NAMES,
      'Straße Æsir',
      'Þór Łukasz',
      'Đorđe Œuvre',
      'İpek ﬁnn',
      'Ægir Øyvind-Ååsen',
      'Renée Françoise',
    ];
    const { rows } = await t.services.pool.query<{ name: string; key: string }>(
      `select n as name, trim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, n)), '[^a-z0-9]+', ' ', 'g')) || '|' as key
         from unnest($1::text[]) n`,
      [names],
    );
    for (const r of rows) expect(r.key, r.name).toBe(customerMatchKey(r.name, null));
  });
});

describe('the town (item 8)', () => {
  it('is added and edited as the last address line, answered as town, and exported in the Town column', async () => {
    const { agent } = await signUpCompany(t.app);
    const created = await agent.post('/api/customers', {
      name: 'Siobhán Murphy',
      address_lines: ['Flat 2', '14 Harbour View'],
      town: 'Cardiff',
      postcode: 'CF10 1AA',
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      address_lines: ['Flat 2', '14 Harbour View', 'Cardiff'],
      town: 'Cardiff',
      address: 'Flat 2, 14 Harbour View, Cardiff, CF10 1AA',
    });
    const edited = await agent.request('PUT', '/api/customers', {
      customer_uuid: c.customer_uuid,
      new_customer_address: { address_lines: ['Flat 2', '14 Harbour View'], town: 'Penarth', postcode: 'CF10 1AA' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ address_lines: ['Flat 2', '14 Harbour View', 'Penarth'], town: 'Penarth' });
    const csv = parseCsv((await agent.get('/api/customers/export.csv')).body.replace(/^\uFEFF/, '')).rows;
    const header = csv[0]!.cells;
    const row = csv[1]!.cells;
    expect(row[header.indexOf('Town')]).toBe('Penarth');
    expect(row[header.indexOf('Address line 1')]).toBe('Flat 2');
    expect(row[header.indexOf('Address line 2')]).toBe('14 Harbour View');

    // A single line is an address line, not a town.
    const one = await agent.post('/api/customers', { name: 'Oliver Smith', address_lines: ['1 Park Row'] });
    expect(one.json()).toMatchObject({ address_lines: ['1 Park Row'], town: '' });
    // Six lines at most, the town included; nothing is saved.
    const tooMany = await agent.post('/api/customers', {
      name: 'Too Many Lines',
      address_lines: ['1', '2', '3', '4', '5', '6'],
      town: 'Leeds',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fields[0].path).toBe('address_lines');
    expect((await agent.get('/api/customers?search=too%20many')).json().count).toBe(0);
    expect((await agent.post('/api/customers', { name: 'Long Town', town: 'x'.repeat(101) })).statusCode).toBe(422);
  });
});
