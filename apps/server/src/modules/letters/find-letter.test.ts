import { randomUUID } from 'node:crypto';
import { LETTER_STATUS, type Permission } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { createLetter } from './create-letter.js';
import { findLetter } from './find-letter.js';
import { loadLetterForJob } from './load-letter-for-job.js';
import { recordLetterHistory, recordLetterStatus } from './record-letter-status.js';

/** Issue 25 item 3: one read of a letter (account and visibility), one insert, one status write. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const reader = (userId: string, accountId: string, abilities: Permission[]) => ({
  userId,
  accountId,
  abilities: new Set(abilities),
});

async function letterBy(accountId: string, creatorId: string | null) {
  const id = randomUUID();
  await inTransaction(t.services.pool, (q) =>
    createLetter(q, {
      id,
      accountId,
      creatorId,
      name: 'a.pdf',
      status: LETTER_STATUS.analysing,
      blobKey: `letters/${accountId}/${id}.pdf`,
      sizeBytes: 10,
      reason: 'made by the test',
      analyse: true,
    }),
  );
  return id;
}

const history = async (id: string) =>
  (
    await t.services.pool.query<{ status: string; reason: string | null }>(
      'select status, reason from letter_history where letter_id = $1 order by id',
      [id],
    )
  ).rows;

describe('findLetter, createLetter, recordLetterStatus', () => {
  it('answers a letter only within the company and, for a supervisor without see_letters, their departments', async () => {
    const { pool } = t.services;
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    const accountId = a.me.account.id;
    const [north, south] = [randomUUID(), randomUUID()];
    await pool.query(`insert into departments (id, account_id, name) values ($1, $3, 'North'), ($2, $3, 'South')`, [
      north,
      south,
      accountId,
    ]);
    const inNorth = await addMember(t, accountId, { departmentId: north });
    const inSouth = await addMember(t, accountId, { departmentId: south });
    const boss = await addMember(t, accountId, { supervise: [north] });
    const northLetter = await letterBy(accountId, inNorth.userId);
    const southLetter = await letterBy(accountId, inSouth.userId);

    const owner = reader(a.me.user.id, accountId, ['see_letters']);
    expect(await findLetter(pool, owner, southLetter, 'l.id')).toEqual({ id: southLetter });
    const outsider = reader(b.me.user.id, b.me.account.id, ['see_letters']);
    expect(await findLetter(pool, outsider, southLetter, 'l.id')).toBeNull();
    const supervisor = reader(boss.userId, accountId, ['approve']);
    expect(await findLetter(pool, supervisor, northLetter, 'l.id')).toEqual({ id: northLetter });
    expect(await findLetter(pool, supervisor, southLetter, 'l.id')).toBeNull();
    expect(await findLetter(pool, { accountId, scope: { departmentIds: [south] } }, southLetter, 'l.id')).toEqual({
      id: southLetter,
    });
    const withCreator = await findLetter<{ email: string }>(pool, owner, northLetter, 'u.email', {
      withCreator: true,
    });
    expect(withCreator?.email).toBe(inNorth.email);

    await pool.query('update letters set mark_for_deletion = true where id = $1', [northLetter]);
    expect(await findLetter(pool, owner, northLetter, 'l.id', { notTrashed: true })).toBeNull();
    expect(await findLetter(pool, owner, northLetter, 'l.id')).toEqual({ id: northLetter });
    // A job reads its own letter by id alone.
    expect(await loadLetterForJob(pool, southLetter, 'l.account_id')).toEqual({ account_id: accountId });
  });

  it('creates a letter with its first history row and its analysis job, and writes each status with its row', async () => {
    const a = await signUpCompany(t.app);
    const id = await letterBy(a.me.account.id, a.me.user.id);
    expect(await history(id)).toEqual([{ status: LETTER_STATUS.analysing, reason: 'made by the test' }]);
    const jobs = await t.services.pool.query('select 1 from graphile_worker.jobs where key = $1', [`analyse:${id}`]);
    expect(jobs.rowCount).toBe(1);

    const done = await inTransaction(t.services.pool, async (q) => {
      // Compare-and-set: not while the letter is in another status.
      const refused = await recordLetterStatus(q, id, LETTER_STATUS.analysisComplete, {
        whileStatus: LETTER_STATUS.failedToAnalyse,
      });
      const written = await recordLetterStatus(q, id, LETTER_STATUS.failedToAnalyse, {
        reason: 'unreadable',
        whileStatus: LETTER_STATUS.analysing,
        set: { status_reason: 'unreadable', num_pages: 2 },
      });
      await recordLetterHistory(q, id, LETTER_STATUS.failedToAnalyse, 'a note');
      return { refused, written };
    });
    expect(done).toEqual({ refused: false, written: true });
    const { rows } = await t.services.pool.query(
      'select status, status_reason, num_pages::int as num_pages from letters where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: LETTER_STATUS.failedToAnalyse, status_reason: 'unreadable', num_pages: 2 });
    expect(await history(id)).toEqual([
      { status: LETTER_STATUS.analysing, reason: 'made by the test' },
      { status: LETTER_STATUS.failedToAnalyse, reason: 'unreadable' },
      { status: LETTER_STATUS.failedToAnalyse, reason: 'a note' },
    ]);
    await expect(
      inTransaction(t.services.pool, (q) =>
        recordLetterStatus(q, id, LETTER_STATUS.analysing, { set: { name: 'x' } as never }),
      ),
    ).rejects.toThrow('letters.name is not written here');
  });
});
