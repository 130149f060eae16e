import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../modules/money/ledger.js';
import { simpleLetterPdf } from '../test/fixtures/letters.js';
import { ordinaryLetters } from '../test/fixtures/uk-letters.js';
import { createTestContext, makeApiKey, signUpCompany, type TestContext } from '../test/harness.js';
import { inTransaction } from './db/transaction.js';
import { pruneIdempotencyKeys } from './idempotency.js';
import { withRequestContext } from './request-context.js';

let t: TestContext;
let company: Awaited<ReturnType<typeof signUpCompany>>;
let other: Awaited<ReturnType<typeof signUpCompany>>;
let program: Awaited<ReturnType<typeof makeApiKey>>['program'];
let otherProgram: Awaited<ReturnType<typeof makeApiKey>>['program'];

const ADDRESS = ["Ms Siobhán O'Brien", '14 Rue Lane', 'Leeds', 'LS1 5HD'];
const PERMISSIONS = ['create_letter', 'see_letters', 'send_letter', 'see_finances', 'manage_recipients'];

beforeAll(async () => {
  t = await createTestContext();
  company = await signUpCompany(t.app, { fullName: 'Jane Smith' });
  other = await signUpCompany(t.app);
  program = (await makeApiKey(t.app, company.agent, { name: 'ERP', permissions: PERMISSIONS })).program;
  otherProgram = (await makeApiKey(t.app, other.agent, { name: 'ERP', permissions: PERMISSIONS })).program;
  await inTransaction(t.services.pool, (q) =>
    credit(q, {
      accountId: company.me.account.id,
      actor: null,
      key: 'idempotency-seed',
      amount: 10_000,
      type: 'bank_transfer',
      description: 'seed',
    }),
  );
});
afterAll(() => t.close());

const lettersOf = async (accountId: string) =>
  Number(
    (await t.services.pool.query('select count(*)::int as n from letters where account_id = $1', [accountId])).rows[0]
      .n,
  );

const keyRow = async (key: string) =>
  (await t.services.pool.query('select * from idempotency_keys where key = $1', [key])).rows;

describe('Idempotency-Key', () => {
  it('replays an upload (a new multipart boundary each time) with the same answer and one letter', async () => {
    const pdf = await simpleLetterPdf(ADDRESS);
    const key = randomUUID();
    const before = await lettersOf(company.me.account.id);
    const first = await program.upload('/api/letters/files', "O'Brien invoice.pdf", pdf, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await program.upload('/api/letters/files', "O'Brien invoice.pdf", pdf, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await lettersOf(company.me.account.id)).toBe(before + 1);
    const [row] = await keyRow(key);
    expect(row.work_committed_at).not.toBeNull();
    expect(row.completed_at).not.toBeNull();
    expect(row.status_code).toBe(201);
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // Another file under the same key is another request: refused, nothing made.
    const different = await program.upload('/api/letters/files', 'other.pdf', await simpleLetterPdf(ADDRESS.slice(1)), {
      'idempotency-key': key,
    });
    expect(different.statusCode).toBe(422);
    expect(different.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await lettersOf(company.me.account.id)).toBe(before + 1);
  });

  it('delivers and charges once however often a program retries, and says so', async () => {
    const upload = await program.upload(
      '/api/letters/files?type=regular',
      'a.pdf',
      await ordinaryLetters()[0]!.bytes(),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await t.runJobs();
    const id = upload.json().uuid as string;
    const body = {
      uuid: id,
      preference_overrides: ['email'],
      recipient_email: 'aine.nic@example.ie',
      subject: 'Your invoice',
      message_to_recipient: 'Please find your invoice attached.',
    };
    const key = `deliver-${id}`;
    const first = await program.request('POST', '/api/letters/deliver', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBeLessThan(300);
    const replays = await Promise.all(
      [1, 2, 3].map(() => program.request('POST', '/api/letters/deliver', body, { 'idempotency-key': key })),
    );
    for (const r of replays) {
      expect(r.statusCode).toBe(first.statusCode);
      expect(r.headers['idempotent-replayed']).toBe('true');
      expect(r.body).toBe(first.body);
    }
    const deliveries = await t.services.pool.query(
      'select count(*)::int as n from letter_deliveries where letter_id = $1',
      [id],
    );
    expect(deliveries.rows[0].n).toBe(1);
    // Without the key, the same request is a new one (and refused: the letter is already on its way).
    const plain = await program.post('/api/letters/deliver', body);
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.headers['idempotent-replayed']).toBeUndefined();

    // A changed field under the same key: 422, and still one delivery.
    const changed = await program.request(
      'POST',
      '/api/letters/deliver',
      { ...body, subject: 'Your invoice (again)' },
      { 'idempotency-key': key },
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key on another route: 422 naming the first.
    const elsewhere = await program.request('POST', '/api/customers', { name: 'Zoë' }, { 'idempotency-key': key });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toContain('POST /api/letters/deliver');
  });

  it('lets concurrent duplicates make one letter: the others wait their turn (409) or replay', async () => {
    const pdf = await simpleLetterPdf(ADDRESS);
    const key = randomUUID();
    const before = await lettersOf(company.me.account.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        program.upload('/api/letters/files', 'race.pdf', pdf, { 'idempotency-key': key }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(),
    ).toBe(true);
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(made.map((a) => a.json().uuid)).size).toBe(1);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await lettersOf(company.me.account.id)).toBe(before + 1);
  });

  it('answers 409 while the first runs, reruns one that died before committing, never one that committed', async () => {
    const pool = t.services.pool;
    const accountId = company.me.account.id;
    const claim = async (key: string, ageMinutes: number, committed: boolean) =>
      pool.query(
        `insert into idempotency_keys (id, account_id, key, method, path, created_at, work_committed_at)
         values ($1, $2, $3, 'POST', '/api/customers', now() - make_interval(mins => $4), $5)`,
        [randomUUID(), accountId, key, ageMinutes, committed ? new Date() : null],
      );
    const body = { name: 'Áine Ní Bhriain' };
    await claim('running', 1, false);
    const running = await program.request('POST', '/api/customers', body, { 'idempotency-key': 'running' });
    expect(running.statusCode).toBe(409);
    expect(running.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');

    await claim('died-early', 20, false);
    const rerun = await program.request('POST', '/api/customers', body, { 'idempotency-key': 'died-early' });
    expect(rerun.statusCode, rerun.body).toBe(201);

    await claim('died-late', 20, true);
    const lost = await program.request('POST', '/api/customers', body, { 'idempotency-key': 'died-late' });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().code).toBe('IDEMPOTENT_ANSWER_LOST');
  });

  it("rolls back a late request's work when a retry has taken its claim over", async () => {
    const before = await lettersOf(company.me.account.id);
    const gone = randomUUID();
    await expect(
      withRequestContext({ idempotencyId: gone }, () =>
        inTransaction(t.services.pool, (q) =>
          q.query(`update accounts set name = name || ' (late)' where id = $1`, [company.me.account.id]),
        ),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    const { rows } = await t.services.pool.query('select name from accounts where id = $1', [company.me.account.id]);
    expect(rows[0].name).not.toContain('(late)');
    expect(await lettersOf(company.me.account.id)).toBe(before);
  });

  it('keeps keys per company and for 24 hours, then forgets them', async () => {
    const key = 'customer-import-0001';
    const mine = await program.request('POST', '/api/customers', { name: 'Zoë Ødegaard' }, { 'idempotency-key': key });
    expect(mine.statusCode, mine.body).toBe(201);
    // Another company's same key is theirs alone.
    const theirs = await otherProgram.request(
      'POST',
      '/api/customers',
      { name: 'Zoë Ødegaard' },
      { 'idempotency-key': key },
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().customer_uuid).not.toBe(mine.json().customer_uuid);

    await t.services.pool.query(
      `update idempotency_keys set created_at = now() - interval '25 hours' where key = $1 and account_id = $2`,
      [key, company.me.account.id],
    );
    const later = await program.request('POST', '/api/customers', { name: 'Zoë Ødegaard' }, { 'idempotency-key': key });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().customer_uuid).not.toBe(mine.json().customer_uuid);

    await t.services.pool.query(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [
      key,
    ]);
    expect(await pruneIdempotencyKeys(t.services.pool)).toBeGreaterThanOrEqual(2);
    expect(await keyRow(key)).toEqual([]);
  });

  it('refuses a malformed key (400) and keeps nothing of a request refused before it ran', async () => {
    for (const bad of ['', 'x'.repeat(256), 'clé-été', 'two words']) {
      const res = await program.request('POST', '/api/customers', { name: 'Ann' }, { 'idempotency-key': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    // A body that fails its schema is not kept: the corrected retry runs under the same key.
    const invalid = await program.request('POST', '/api/customers', { name: 42 }, { 'idempotency-key': 'fix-me' });
    expect(invalid.statusCode).toBe(422);
    expect(await keyRow('fix-me')).toEqual([]);
    const fixed = await program.request('POST', '/api/customers', { name: 'Ann' }, { 'idempotency-key': 'fix-me' });
    expect(fixed.statusCode).toBe(201);
    // A key without the permission is refused before anything is claimed.
    const reader = (await makeApiKey(t.app, company.agent, { permissions: ['see_letters'] })).program;
    const denied = await reader.request('POST', '/api/customers', { name: 'Ann' }, { 'idempotency-key': 'denied' });
    expect(denied.statusCode).toBe(403);
    expect(await keyRow('denied')).toEqual([]);
  });

  it('holds for the web app too, with its session and CSRF token', async () => {
    const key = randomUUID();
    const first = await company.agent.post('/api/customers', { name: 'Léa Dubois' }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await company.agent.post('/api/customers', { name: 'Léa Dubois' }, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().customer_uuid).toBe(first.json().customer_uuid);
    const del = await company.agent.delete(`/api/customers/${first.json().customer_uuid}`, {
      'idempotency-key': `${key}-del`,
    });
    expect(del.statusCode).toBeLessThan(300);
    const delAgain = await company.agent.delete(`/api/customers/${first.json().customer_uuid}`, {
      'idempotency-key': `${key}-del`,
    });
    expect(delAgain.statusCode).toBe(del.statusCode);
    expect(delAgain.headers['idempotent-replayed']).toBe('true');
  });
});
