// Splitting merged files through the real routes and jobs: Split proposes where each letter
// starts, the user confirms (or corrects) the cuts, and the letters are created and analysed.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LETTER_MESSAGES, SPLIT_HISTORY } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJob } from '../../platform/jobs.js';
import { encryptedPdf, manyPagesPdf } from '../../test/fixtures/corpus.js';
import { letterPdf, mergedPdf } from '../../test/fixtures/letters.js';
import { type SplitCase, splitCorpus, truthStarts } from '../../test/fixtures/split-corpus.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { SPLIT_TASK } from './split.js';

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = await mkdtemp(path.join(tmpdir(), 'lp-split-test-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** The text of every page of a PDF as poppler reads it (pdftotext ends each page with a form feed). */
async function pageTexts(bytes: Buffer): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 << 20 });
  return stdout.split('\f').slice(0, -1);
}

const RECIPIENTS = [
  ['Mr John Smith', '10 High Street', 'London', 'SW1A 1AA'],
  ['Ms Ada Lovelace', '12 St James Square', 'London', 'SW1Y 4JH'],
  ['Dr Alan Turing', 'Bletchley Park', 'Milton Keynes', 'MK3 6EB'],
];

async function uploadMerged(agent: Agent, name: string, bytes: Buffer) {
  const res = await agent.upload('/api/letters/files?type=merged', name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  const letter = (await agent.get(`/api/letters/${res.json().uuid}`)).json();
  expect(letter.status, `${name}: ${letter.status_reason}`).not.toBe('Analysing');
  return res.json().uuid as string;
}

/** Presses Split and runs the job that finds the letters; returns the proposal. */
async function propose(agent: Agent, id: string) {
  const res = await agent.post(`/api/letters/${id}/split`);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ uuid: id, split_status: 'proposing' });
  expect((await agent.get(`/api/letters/${id}`)).json().split_status).toBe('proposing');
  await t.runJobs();
  const got = await agent.get(`/api/letters/${id}/split`);
  expect(got.statusCode, got.body).toBe(200);
  expect(got.json().split_status).toBe('proposed');
  return got.json().proposal as {
    pages: number;
    starts: { page: number; signals: string[]; recipient: string | null }[];
    addresses: { page: number; recipient: string }[];
    note: string | null;
  };
}

/** Confirms the cuts and runs the cut and the new letters' analyses; returns the letters made, first page first. */
async function confirm(agent: Agent, id: string, starts: number[]) {
  const res = await agent.post(`/api/letters/${id}/split/confirm`, { starts });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ uuid: id, split_status: 'splitting', starts });
  await t.runJobs(); // the cut, then each new letter's analysis
  await t.runJobs();
  const list = (await agent.get('/api/letters?limit=100')).json();
  type Row = {
    uuid: string;
    name: string;
    parent_uuid: string | null;
    num_pages: number;
    recipient_name_snapshot: string | null;
    status: string;
  };
  const children = (list.rows as Row[]).filter((r) => r.parent_uuid === id);
  const firstPage = (r: Row) => Number(/pages (\d+)-/.exec(r.name)?.[1]);
  return children.sort((a, b) => firstPage(a) - firstPage(b));
}

describe('the split corpus: continuation pages that look like first pages', () => {
  const corpus = splitCorpus();
  it('holds at least ten merged files of letters of 1 to 5 pages, Word-made ones among them', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(10);
    const pages = corpus.flatMap((c) => c.letters.map((l) => l.pages));
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBe(5);
    expect(corpus.filter((c) => c.file.startsWith('word') || c.docx).length).toBeGreaterThanOrEqual(3);
  });

  it.each(corpus.map((c) => [c.file, c] as [string, SplitCase]))(
    '%s is split exactly: the proposal finds every letter, and the letters made have their pages and recipients',
    async (file, c) => {
      const { agent } = await signUpCompany(t.app);
      const id = await uploadMerged(agent, file, await c.bytes());
      const truth = truthStarts(c.letters);
      const pages = truth.at(-1)! + c.letters.at(-1)!.pages - 1;
      const proposal = await propose(agent, id);
      expect(proposal.pages).toBe(pages);
      expect(proposal.starts.map((s) => s.page)).toEqual(truth);
      expect(proposal.starts.map((s) => s.recipient)).toEqual(c.letters.map((l) => l.address[0]));
      expect(proposal.note).toBeNull();

      const children = await confirm(agent, id, truth);
      expect(
        children.map((ch) => [/pages (\d+-\d+)\)/.exec(ch.name)?.[1], ch.num_pages, ch.recipient_name_snapshot]),
      ).toEqual(c.letters.map((l, i) => [`${truth[i]}-${truth[i]! + l.pages - 1}`, l.pages, l.address[0]]));
      // Each letter's pages are exactly the source's: the same text, page by page.
      const source = await pageTexts((await agent.get(`/api/letters/${id}/file`)).rawPayload);
      expect(source).toHaveLength(pages);
      for (const [i, ch] of children.entries()) {
        const got = await pageTexts((await agent.get(`/api/letters/${ch.uuid}/file`)).rawPayload);
        expect(got, ch.name).toEqual(source.slice(truth[i]! - 1, truth[i]! - 1 + c.letters[i]!.pages));
      }
      const original = (await agent.get(`/api/letters/${id}`)).json();
      expect(original).toMatchObject({ split_status: 'split', split_count: c.letters.length });
    },
    60_000,
  );

  it('the issue: 4 letters of 1, 3, 2 and 1 pages with a branch address in the window of continuation pages give exactly 4', async () => {
    const issue = corpus.find((c) => c.file === 'issue-1-3-2-1.pdf')!;
    expect(issue.letters.map((l) => l.pages)).toEqual([1, 3, 2, 1]);
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, issue.file, await issue.bytes());
    const proposal = await propose(agent, id);
    expect(proposal.starts.map((s) => s.page)).toEqual([1, 2, 5, 7]);
    expect(proposal.starts.every((s) => s.recipient !== 'If you would rather visit us, our branch is at:')).toBe(true);
    expect(proposal.starts[1]!.signals).toEqual(['address', 'date', 'salutation', 'opens the page']);
    // The branch addresses are kept as hints for the review, not as letters.
    expect(proposal.addresses).toEqual([3, 4, 6].map((page) => ({ page, recipient: 'Leeds Branch' })));
    const history = (await agent.get(`/api/letters/${id}/history`)).json().rows;
    expect(history.at(-1)).toMatchObject({ status: SPLIT_HISTORY.proposed });
    expect(history.at(-1).reason).toMatch(/^4 letters found: page 1 \(first page, address/);
    expect(history.at(-2)).toMatchObject({ status: SPLIT_HISTORY.proposing });
    const children = await confirm(agent, id, [1, 2, 5, 7]);
    expect(children).toHaveLength(4);
  }, 60_000);
});

describe('reviewing the cuts', () => {
  it('the user moves the cuts: the letters follow the confirmed pages, and the history says what changed', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'run.pdf', await mergedPdf(RECIPIENTS, 2));
    const proposal = await propose(agent, id);
    expect(proposal.starts.map((s) => [s.page, s.recipient])).toEqual([
      [1, 'Mr John Smith'],
      [3, 'Ms Ada Lovelace'],
      [5, 'Dr Alan Turing'],
    ]);
    // The user keeps Ada's and Alan's letters together and cuts the last page off.
    const children = await confirm(agent, id, [1, 3, 6]);
    expect(children.map((c) => [c.num_pages, c.recipient_name_snapshot])).toEqual([
      [2, 'Mr John Smith'],
      [3, 'Ms Ada Lovelace'],
      [1, null],
    ]);
    const history = (await agent.get(`/api/letters/${id}/history`)).json().rows;
    expect(history.map((r: { status: string }) => r.status).slice(-4)).toEqual([
      SPLIT_HISTORY.proposing,
      SPLIT_HISTORY.proposed,
      SPLIT_HISTORY.splitting,
      SPLIT_HISTORY.split,
    ]);
    expect(history.at(-2).reason).toBe(
      '3 letters starting on pages 1, 3, 6 (cuts added before pages 6; cuts taken away before pages 5)',
    );
    expect((await agent.post(`/api/letters/${id}/split`)).json().message).toBe('The letter has already been split.');
  }, 60_000);

  it('a file with one letter found still opens for review, with the note; the user marks the second letter', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'one.pdf', await letterPdf([{ address: RECIPIENTS[0]! }, {}, {}]));
    const proposal = await propose(agent, id);
    expect(proposal.starts.map((s) => s.page)).toEqual([1]);
    expect(proposal.note).toBe(LETTER_MESSAGES.splitNoSecondLetter);
    const history = (await agent.get(`/api/letters/${id}/history`)).json().rows;
    expect(history.at(-1)).toEqual(
      expect.objectContaining({ status: SPLIT_HISTORY.proposed, reason: LETTER_MESSAGES.splitNoSecondLetter }),
    );
    const children = await confirm(agent, id, [1, 3]);
    expect(children.map((c) => c.num_pages)).toEqual([2, 1]);
  }, 60_000);

  it('refuses cuts that are not a split of the file (422) and changes nothing', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'run.pdf', await mergedPdf(RECIPIENTS, 2));
    await propose(agent, id);
    const refused: [unknown, string][] = [
      [{ starts: [1] }, LETTER_MESSAGES.splitNeedsTwo],
      [{ starts: [2, 3] }, 'The first letter starts on page 1.'],
      [{ starts: [1, 3, 3] }, 'The cuts must be in page order, each page once.'],
      [{ starts: [1, 4, 3] }, 'The cuts must be in page order, each page once.'],
      [{ starts: [1, 7] }, 'The file has 6 pages.'],
      [{ starts: [1, 2.5] }, 'Each cut must be a page number.'],
      [{ starts: [1, 0] }, ''],
      [{ starts: ['1', '3'] }, ''],
      [{ starts: [1, 3], extra: 1 }, ''],
      [{}, ''],
    ];
    for (const [body, message] of refused) {
      const res = await agent.post(`/api/letters/${id}/split/confirm`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      if (message) expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await agent.get(`/api/letters/${id}/split`)).json().split_status).toBe('proposed');
  }, 60_000);

  it('confirms only a proposal waiting for review; Split looks again while one waits (409 otherwise)', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'run.pdf', await mergedPdf(RECIPIENTS, 2));
    const confirmNow = () => agent.post(`/api/letters/${id}/split/confirm`, { starts: [1, 3, 5] });
    expect((await confirmNow()).json()).toMatchObject({
      statusCode: 409,
      message: 'Press Split first: the letters of this file have not been found yet.',
    });
    expect((await agent.post(`/api/letters/${id}/split`)).statusCode).toBe(202);
    expect((await agent.post(`/api/letters/${id}/split`)).json().message).toBe(
      'The letters of this file are already being looked for.',
    );
    expect((await confirmNow()).json().message).toBe('The letters of this file are still being looked for.');
    await t.runJobs();
    // Looking again while a proposal waits is allowed.
    await propose(agent, id);
    // In the trash: neither Split nor confirm.
    expect((await agent.post('/api/letters/trash', { uuids: [id] })).statusCode).toBe(200);
    expect((await confirmNow()).json().message).toBe('Restore the letter from the trash to split it.');
    expect((await agent.post(`/api/letters/${id}/split`)).json().message).toBe(
      'Restore the letter from the trash to split it.',
    );
    await agent.post('/api/letters/restore', { uuids: [id] });
    expect((await confirmNow()).statusCode).toBe(202);
    expect((await confirmNow()).json().message).toBe('The letter is already being split.');
    expect((await agent.post(`/api/letters/${id}/split`)).json().message).toBe('The letter is already being split.');
    await t.runJobs();
    await t.runJobs();
    expect((await confirmNow()).json().message).toBe('The letter has already been split.');
  }, 60_000);

  it('a step whose job was lost may be started again; a live one may not', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'run.pdf', await mergedPdf(RECIPIENTS, 2));
    expect((await agent.post(`/api/letters/${id}/split`)).statusCode).toBe(202);
    expect((await agent.post(`/api/letters/${id}/split`)).statusCode).toBe(409);
    await t.services.pool.query('delete from graphile_worker._private_jobs where key = $1', [`split-propose:${id}`]);
    expect((await agent.post(`/api/letters/${id}/split`)).statusCode).toBe(202);
    await t.runJobs();
    const answer = (await agent.get(`/api/letters/${id}/split`)).json();
    expect(answer.split_status).toBe('proposed');
    expect(answer.proposal.starts.map((s: { page: number }) => s.page)).toEqual([1, 3, 5]);
  });

  it('regular letters and letters still analysed cannot be split', async () => {
    const { agent } = await signUpCompany(t.app);
    const res = await agent.upload('/api/letters/files?type=merged', 'run.pdf', await mergedPdf(RECIPIENTS, 1));
    const merged = res.json().uuid;
    expect((await agent.post(`/api/letters/${merged}/split`)).json().message).toBe(
      'The letter is still being analysed: split it once the analysis is done.',
    );
    const regular = (await agent.upload('/api/letters/files', 'reg.pdf', await mergedPdf(RECIPIENTS, 1))).json().uuid;
    await t.runJobs();
    expect((await agent.post(`/api/letters/${regular}/split`)).json().message).toBe(
      'Only merged letters can be split.',
    );
  });

  it('a split job queued before the review step (no confirmed cuts) cuts where the rule proposes', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'run.pdf', await mergedPdf(RECIPIENTS, 2));
    await t.services.pool.query(`update letters set split_status = 'splitting' where id = $1`, [id]);
    await addJob(t.services.pool, SPLIT_TASK, { letterId: id, userId: me.user.id }, { jobKey: `split:${id}` });
    await t.runJobs();
    expect((await agent.get(`/api/letters/${id}`)).json()).toMatchObject({ split_status: 'split', split_count: 3 });
    await t.runJobs();
  });
});

describe('files the split refuses', () => {
  /** The split's history and letters once its job has run its last attempt. */
  async function lastAttempt(agent: Agent, id: string, key: string) {
    await t.services.pool.query('update graphile_worker._private_jobs set max_attempts = 1 where key = $1', [key]);
    await t.runJobs();
    const letter = (await agent.get(`/api/letters/${id}`)).json();
    const history = (await agent.get(`/api/letters/${id}/history`)).json().rows;
    const { rows } = await t.services.pool.query('select count(*)::int as n from letters where parent_id = $1', [id]);
    return { letter, last: history.at(-1), children: rows[0].n as number };
  }

  it('an encrypted file (it opens without a password, so its letters are found): the cut refuses it, Split failed, no letter made', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'encrypted.pdf', encryptedPdf('aes-128', '', 'owner', 3));
    const proposal = await propose(agent, id);
    expect(proposal.pages).toBe(3);
    expect((await agent.post(`/api/letters/${id}/split/confirm`, { starts: [1, 2] })).statusCode).toBe(202);
    const { letter, last, children } = await lastAttempt(agent, id, `split:${id}`);
    expect(letter.split_status).toBe('failed');
    expect(last).toMatchObject({ status: SPLIT_HISTORY.failed, reason: LETTER_MESSAGES.splitUnreadable });
    expect(children).toBe(0);
  }, 60_000);

  it('a file of more pages than a letter may have: its reading stops there, and the split fails', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'pages.pdf', manyPagesPdf(2001));
    expect((await agent.get(`/api/letters/${id}`)).json().status_reason).toBe('The PDF has more than 2000 pages.');
    expect((await agent.post(`/api/letters/${id}/split`)).statusCode).toBe(202);
    const { letter, last } = await lastAttempt(agent, id, `split-propose:${id}`);
    expect(letter.split_status).toBe('failed');
    expect(last).toMatchObject({ status: SPLIT_HISTORY.failed, reason: LETTER_MESSAGES.splitUnreadable });
  }, 60_000);

  it('a file of exactly that many pages is read to its end', async () => {
    const { agent } = await signUpCompany(t.app);
    const id = await uploadMerged(agent, 'pages.pdf', manyPagesPdf(2000));
    const proposal = await propose(agent, id);
    expect(proposal.pages).toBe(2000);
    expect(proposal.starts.map((s) => s.page)).toEqual([1]);
  }, 60_000);
});

describe('the split routes in the OpenAPI document', () => {
  it('are described from their schemas', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const confirm = doc.paths['/api/letters/{id}/split/confirm'].post;
    expect(confirm.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { starts: { type: 'array', items: { type: 'integer' }, minItems: 2 } },
      required: ['starts'],
    });
    expect(Object.keys(confirm.responses)).toEqual(expect.arrayContaining(['202', '404', '409', '422']));
    const proposal = doc.paths['/api/letters/{id}/split'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(proposal)).toContain('signals');
    expect(doc.paths['/api/letters/{id}/split'].post.responses['202']).toBeDefined();
  });
});

describe('who may split', () => {
  it('needs create_letter for every step; another company reads not found', async () => {
    const owner = await signUpCompany(t.app);
    const reader = await addMember(t, owner.me.account.id, { permissions: { observable: ['see_letters'] } });
    const id = await uploadMerged(owner.agent, 'run.pdf', await mergedPdf(RECIPIENTS.slice(0, 2), 1));
    expect((await reader.agent.post(`/api/letters/${id}/split`)).statusCode).toBe(403);
    await propose(owner.agent, id);
    expect((await reader.agent.get(`/api/letters/${id}/split`)).statusCode).toBe(403);
    expect((await reader.agent.post(`/api/letters/${id}/split/confirm`, { starts: [1, 2] })).statusCode).toBe(403);
    const other = await signUpCompany(t.app);
    expect((await other.agent.get(`/api/letters/${id}/split`)).statusCode).toBe(404);
    expect((await other.agent.post(`/api/letters/${id}/split`)).statusCode).toBe(404);
    expect((await other.agent.post(`/api/letters/${id}/split/confirm`, { starts: [1, 2] })).statusCode).toBe(404);
    // Without the CSRF token, nothing moves.
    const noToken = await owner.agent.post(
      `/api/letters/${id}/split/confirm`,
      { starts: [1, 2] },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noToken.statusCode).toBe(403);
    expect((await owner.agent.get(`/api/letters/${id}/split`)).json().split_status).toBe('proposed');
  }, 60_000);
});
