// Mail merge through the API (decision 0036): a Word template written as Word writes it, 50
// customers, one letter each created as an upload is, analysed from the window, delivered through
// each customer's preferred channel; a recipient lacking a field stopped with the field named.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { customerMatchKey, LETTER_STATUS, MERGE_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { plainWordLetter } from '../../test/fixtures/corpus.js';
import { mergeTemplateDocx } from '../../test/fixtures/merge.js';
import {
  type Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  makeApiKey,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { credit, readBalance } from '../money/ledger.js';
import { runMerge } from './run-merge.js';

let t: TestContext;
let owner: Agent;
let accountId: string;
let templateId: string;

const FIRST = ['Zoë', 'Siân', 'Aoife', 'Ewan', 'Niamh', 'Ōtis', 'Björn', 'Chloé', 'Dafydd', 'Eilidh'];
const LAST = [
  "O'Connell",
  'Brontë',
  'Müller',
  'Ní Bhriain',
  'Smith-Jones',
  "D'Arcy",
  'Øvergaard',
  'Llewelyn',
  'Fraser',
  'Nowak',
];
const TOWNS: [string, string][] = [
  ['Aberystwyth', 'SY23 1AB'],
  ['Bristol', 'BS8 2QT'],
  ['Leeds', 'LS11 5PS'],
  ['Edinburgh', 'EH1 1YZ'],
  ['Cardiff', 'CF10 1BS'],
];

interface Customer {
  id: string;
  name: string;
  lines: string[];
  postcode: string | null;
  email: string | null;
  prefs: string[];
}

/** 50 customers: accents and apostrophes, two or three address lines, a few who prefer email; the last has no postcode. */
function customers(): Customer[] {
  return Array.from({ length: 50 }, (_, i) => {
    const [town, postcode] = TOWNS[i % TOWNS.length]!;
    const name = `${i % 3 === 0 ? 'Mrs ' : ''}${FIRST[i % 10]} ${LAST[Math.floor(i / 5) % 10]}`;
    const email = i % 7 === 0 ? `customer${i}@example.co.uk` : null;
    return {
      id: randomUUID(),
      name,
      lines: i % 2 ? [`${i + 1} Heol y Bryn`, town] : [`Flat ${i}`, `${i + 3} Queen’s Road`, town],
      postcode: i === 49 ? null : postcode,
      email,
      prefs: email ? ['Email'] : ['Mail'],
    };
  });
}

const CUSTOMERS = customers();

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app, { companyName: 'Merge & Sons Ltd' });
  owner = a.agent;
  accountId = a.me.account.id;
  await inTransaction(t.services.pool, (q) =>
    credit(q, { accountId, actor: null, key: 'seed', amount: 100_000, type: 'bank_transfer', description: 'seed' }),
  );
  for (const c of CUSTOMERS)
    await t.services.pool.query(
      `insert into customers (id, account_id, name, address_lines, postcode, email, communications_preference, match_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.id, accountId, c.name, c.lines, c.postcode, c.email, c.prefs, customerMatchKey(c.name, c.postcode)],
    );
});
afterAll(() => t.close());

describe('templates', () => {
  it('lists the fields of a Word letter with MERGEFIELDs and typed fields when it is uploaded', async () => {
    const res = await owner.upload('/api/merge-templates', 'Renewal letter.docx', mergeTemplateDocx());
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({
      name: 'Renewal letter.docx',
      fields: ['first_name', 'last_name', 'address', 'postcode'],
    });
    templateId = template.id;
    expect((await owner.get('/api/merge-templates')).json().templates.map((x: { id: string }) => x.id)).toEqual([
      templateId,
    ]);
    expect((await owner.get(`/api/merge-templates/${templateId}`)).json().fields).toHaveLength(4);
  });

  it('refuses a file that is not a Word document, and one without fields, changing nothing', async () => {
    const before = await databaseFingerprint(t.services.pool);
    const pdf = await owner.upload('/api/merge-templates', 'letter.pdf', Buffer.from('%PDF-1.7\n%%EOF'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MERGE_MESSAGES.onlyDocx);
    const plain = await owner.upload('/api/merge-templates', 'plain.docx', plainWordLetter());
    expect(plain.statusCode).toBe(422);
    expect(plain.json().message).toBe(MERGE_MESSAGES.noFields);
    const broken = await owner.upload('/api/merge-templates', 'broken.docx', Buffer.from('PK\u0003\u0004 not really'));
    expect(broken.statusCode).toBe(422);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });
});

describe('preview', () => {
  it('fills one recipient’s letter and converts it to a PDF; a recipient lacking a field gets the reason, no PDF', async () => {
    const recipients = { kind: 'customers', customer_ids: [CUSTOMERS[0]!.id, CUSTOMERS[49]!.id] };
    const res = await owner.post(`/api/merge-templates/${templateId}/preview`, { recipients, index: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      index: 0,
      total: 2,
      recipient_name: "Mrs Zoë O'Connell",
      values: { first_name: 'Zoë', last_name: "O'Connell", postcode: 'SY23 1AB' },
      missing: [],
    });
    const pdf = Buffer.from(p.pdf_base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).stdout.toString('utf8');
    expect(text).toContain("Zoë O'Connell");
    expect(text).toContain('Dear Zoë,');
    expect(text).toContain('Aberystwyth');
    expect(text).not.toContain('«');

    const missing = (await owner.post(`/api/merge-templates/${templateId}/preview`, { recipients, index: 1 })).json();
    expect(missing).toMatchObject({ missing: ['postcode'], pdf_base64: null });
    expect(missing.reason).toBe('Not merged: the field "postcode" has no value for this recipient.');
  });

  it('answers 4xx to hostile recipient lists and changes nothing', async () => {
    const url = `/api/merge-templates/${templateId}/preview`;
    const other = await signUpCompany(t.app);
    const theirs = (await other.agent.post('/api/customers', { name: 'Not Yours' })).json().customer_uuid;
    await other.agent.get('/api/me');
    const before = await databaseFingerprint(t.services.pool);
    expect(
      (await owner.post(url, { recipients: { kind: 'customers', customer_ids: [theirs] }, index: 0 })).statusCode,
    ).toBe(404);
    // The other company cannot use this template.
    const foreign = await other.agent.post(url, {
      recipients: { kind: 'customers', customer_ids: [theirs] },
      index: 0,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await owner.post(url, { recipients: { kind: 'csv', csv: 'Name,Postcode\nA\u0000B,BS8 2QT' }, index: 0 }))
        .statusCode,
    ).toBe(422);
    const huge = `Name,Postcode\n${'Zoë,BS8 2QT\n'.repeat(600_000)}`;
    expect((await owner.post(url, { recipients: { kind: 'csv', csv: huge }, index: 0 })).statusCode).toBe(413);
    const many = `Name,Postcode\n${'Zoë,BS8 2QT\n'.repeat(5001)}`;
    const tooMany = await owner.post(url, { recipients: { kind: 'csv', csv: many }, index: 0 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(MERGE_MESSAGES.tooManyRecipients(5001));
    expect(
      (await owner.post(url, { recipients: { kind: 'filter', search: 'nobody-matches-this' }, index: 0 })).statusCode,
    ).toBe(422);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
  });

  it('reads a CSV with the customer import’s column matching, and its own columns as fields', async () => {
    const csv =
      'Full name;Address line 1;Town/City;Post code;Policy no.\r\n"Siân Llewelyn";"2 Castle Street";Cardiff;cf10 1bs;P-778\r\n';
    const res = await owner.post(`/api/merge-templates/${templateId}/preview`, {
      recipients: { kind: 'csv', csv },
      index: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().values).toEqual({
      first_name: 'Siân',
      last_name: 'Llewelyn',
      address: '2 Castle Street\nCardiff',
      postcode: 'CF10 1BS',
    });
  });
});

describe('send', () => {
  it('merges 50 customers: 49 letters created and analysed from the window and delivered by each one’s channel, one stopped naming its field', async () => {
    const res = await owner.post(`/api/merge-templates/${templateId}/send`, {
      recipients: { kind: 'customers', customer_ids: CUSTOMERS.map((c) => c.id) },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id, total } = res.json();
    expect(total).toBe(50);
    const started = Date.now();
    await t.runJobs();
    const ms = Date.now() - started;
    console.log(`50 recipients merged and analysed by the jobs in ${ms} ms`);
    await t.services.delivery.providers.settled();
    await t.runJobs();

    const run = (await owner.get(`/api/merge-runs/${id}`)).json();
    expect(run).toMatchObject({ status: 'done', total: 50, created: 49, stopped: 1, analysed: 49 });
    const stopped = run.recipients.filter((r: { outcome: string }) => r.outcome === 'stopped');
    expect(stopped).toEqual([
      {
        position: 49,
        name: CUSTOMERS[49]!.name,
        outcome: 'stopped',
        reason: 'Not merged: the field "postcode" has no value for this recipient.',
        letter_id: null,
        letter_status: null,
      },
    ]);
    // Every letter is an ordinary Word upload, read from the window as the customer it was made for.
    const { rows } = await t.services.pool.query(
      `select l.id, l.source_type, l.customer_id, l.recipient_name_snapshot, l.recipient_address_snapshot, l.postcode,
              l.status, (select array_agg(c.channel order by c.channel) from letter_delivery_channels c
                          join letter_deliveries d on d.id = c.delivery_id where d.letter_id = l.id) as channels
         from merge_run_recipients rr join letters l on l.id = rr.letter_id where rr.run_id = $1 order by rr.position`,
      [id],
    );
    expect(rows).toHaveLength(49);
    rows.forEach((l, i) => {
      const c = CUSTOMERS[i]!;
      expect(l.source_type).toBe('docx');
      expect(l.customer_id).toBe(c.id);
      expect(l.recipient_name_snapshot).toBe(c.name.replace(/^Mrs /, ''));
      expect(l.recipient_address_snapshot).toEqual([...c.lines, c.postcode]);
      expect(l.postcode).toBe(c.postcode);
      expect(l.status, `${c.name}: ${l.status}`).not.toBe(LETTER_STATUS.analysing);
      expect(l.channels).toEqual(c.email ? ['email'] : ['mail']);
    });
    // Converted as one Word document a batch and cut back (decision 0040): each letter's PDF holds
    // its own page, written by the cutter rather than by LibreOffice.
    for (const l of rows) {
      const info = await t.services.blobs.withLocalFile(`letters/${accountId}/${l.id}.pdf`, async (file) =>
        spawnSync('pdfinfo', [file]).stdout.toString('utf8'),
      );
      expect(info).toMatch(/^Pages:\s+1$/m);
      expect(info).not.toMatch(/^Producer:.*LibreOffice/m);
    }
    // Sending again after the run is done makes nothing new.
    await t.runJobs();
    expect(
      (await t.services.pool.query('select count(*)::int as n from letters where account_id = $1', [accountId])).rows[0]
        .n,
    ).toBe(49);
  }, 240_000);
});

describe('a batch LibreOffice cannot convert', () => {
  it('leaves its letters to be converted one by one: every letter made and analysed, none lost', async () => {
    const chosen = [3, 4, 5].map((i) => CUSTOMERS[i]!);
    const res = await owner.post(`/api/merge-templates/${templateId}/send`, {
      recipients: { kind: 'customers', customer_ids: chosen.map((c) => c.id) },
      deliver: false,
    });
    expect(res.statusCode, res.body).toBe(202);
    const runId = res.json().id;
    // The merge job, run here with a LibreOffice that is not there: the batch falls back.
    const fallbacks: [string, number][] = [];
    await runMerge(t.services.pool, t.services.blobs, runId, {
      soffice: '/nonexistent/soffice',
      onFallback: (reason, letters) => fallbacks.push([reason, letters]),
    });
    expect(fallbacks).toEqual([['no LibreOffice kept running converted the batch', 3]]);
    await t.runJobs(); // the analyses convert each letter alone
    const run = (await owner.get(`/api/merge-runs/${runId}`)).json();
    expect(run).toMatchObject({ status: 'done', total: 3, created: 3, stopped: 0, analysed: 3 });
    const { rows } = await t.services.pool.query(
      `select l.id, l.recipient_address_snapshot, l.status from merge_run_recipients rr join letters l on l.id = rr.letter_id
        where rr.run_id = $1 order by rr.position`,
      [runId],
    );
    rows.forEach((l, i) => {
      expect(l.status).toBe(LETTER_STATUS.analysisComplete);
      expect(l.recipient_address_snapshot).toEqual([...chosen[i]!.lines, chosen[i]!.postcode]);
    });
    const info = await t.services.blobs.withLocalFile(`letters/${accountId}/${rows[0].id}.pdf`, async (file) =>
      spawnSync('pdfinfo', [file]).stdout.toString('utf8'),
    );
    expect(info).toMatch(/^Producer:.*LibreOffice/m); // converted alone
  }, 120_000);
});

describe('who may send', () => {
  it('lets a member who may upload but not send make the letters without delivery, and refuses delivery (403)', async () => {
    const { agent } = await addMember(t, accountId, { permissions: { operational: ['create_letter'] } });
    const url = `/api/merge-templates/${templateId}/send`;
    const recipients = { kind: 'customers', customer_ids: [CUSTOMERS[1]!.id] };
    const before = await databaseFingerprint(t.services.pool);
    expect((await agent.post(url, { recipients })).statusCode).toBe(403);
    expect(await databaseFingerprint(t.services.pool)).toBe(before);
    const res = await agent.post(url, { recipients, deliver: false });
    expect(res.statusCode, res.body).toBe(202);
    await t.runJobs();
    const run = (await agent.get(`/api/merge-runs/${res.json().id}`)).json();
    expect(run).toMatchObject({ status: 'done', created: 1, deliver: false });
    expect(run.recipients[0].letter_status).toBe(LETTER_STATUS.analysisComplete);
    const { rows } = await t.services.pool.query(
      'select count(*)::int as n from letter_deliveries where letter_id = $1',
      [run.recipients[0].letter_id],
    );
    expect(rows[0].n).toBe(0);
  }, 60_000);
});

describe('a program', () => {
  it('merges through a test API key into test letters: delivered to the sandboxes, never charged', async () => {
    const { program } = await makeApiKey(t.app, owner, {
      name: 'CRM test',
      permissions: ['create_letter', 'send_letter', 'see_letters'],
      mode: 'test',
    });
    const before = await readBalance(t.services.pool, accountId);
    const res = await program.post(`/api/merge-templates/${templateId}/send`, {
      recipients: { kind: 'customers', customer_ids: [CUSTOMERS[2]!.id] },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.runJobs();
    await t.services.delivery.providers.settled();
    await t.runJobs();
    const run = (await program.get(`/api/merge-runs/${res.json().id}`)).json();
    const { rows } = await t.services.pool.query('select test_mode from letters where id = $1', [
      run.recipients[0].letter_id,
    ]);
    expect(rows[0].test_mode).toBe(true);
    expect(run.recipients[0].letter_status).not.toBe(LETTER_STATUS.analysisComplete);
    expect(await readBalance(t.services.pool, accountId)).toEqual(before);
  }, 60_000);
});
