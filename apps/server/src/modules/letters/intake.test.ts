import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_ABANDONED_SECONDS } from '../../platform/jobs.js';
import { simpleLetterPdf } from '../../test/fixtures/letters.js';
import { type Agent, addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { RESTART_REASON, STUCK_REASON, sweepStuckLetters } from './sweep.js';
import { SEP } from './thumbnail-stream.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function upload(agent: Agent, name: string, bytes: Buffer, type: 'regular' | 'merged' = 'regular') {
  const res = await agent.upload(`/api/letters/files?type=${type}`, name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

const uuids = (res: { json(): { rows: { uuid: string }[] } }) => res.json().rows.map((r) => r.uuid);

const RECIPIENTS = [
  ['Mr John Smith', '10 High Street', 'London', 'SW1A 1AA'],
  ['Ms Ada Lovelace', '12 St James Square', 'London', 'SW1Y 4JH'],
  ['Dr Alan Turing', 'Bletchley Park', 'Milton Keynes', 'MK3 6EB'],
];

describe('letter list: filters, tab counts, creators', () => {
  it('filters by display status, creator and creation date, and counts every tab under the same search', async () => {
    const owner = await signUpCompany(t.app);
    const colleague = await addMember(t, owner.me.account.id, {
      name: 'Grace Hopper',
      permissions: { operational: ['create_letter'], observable: ['see_letters'] },
    });
    const a = await upload(owner.agent, 'smith.pdf', await simpleLetterPdf(RECIPIENTS[0]!));
    const b = await upload(colleague.agent, 'lovelace.pdf', await simpleLetterPdf(RECIPIENTS[1]!));
    const c = await upload(owner.agent, 'nowhere.pdf', await simpleLetterPdf(['Jane Doe', '1 Road', 'XX99 9XX']));
    const d = await upload(
      owner.agent,
      'broken.pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 65)]),
    );
    await t.runJobs();
    await owner.agent.post('/api/letters/trash', { uuids: [d] });

    const all = (await owner.agent.get('/api/letters')).json();
    // The Failed tab holds every letter that cannot be delivered as it is: the invalid postcode too.
    expect(all.counts).toEqual({ all: 3, new: 2, scheduled: 0, sent: 0, failed: 1, trash: 1 });
    expect(all.count).toBe(3);
    expect(all.rows.map((r: { uuid: string }) => r.uuid)).toEqual([c, b, a]); // newest first
    expect(all.filter_options.status).toContain('Encountered Issues');
    expect(all.filter_options.creator).toEqual(
      [owner.body.email, colleague.email].map((e: string) => e.toLowerCase()).sort(),
    );

    expect(uuids(await owner.agent.get('/api/letters?filter.status=Encountered%20Issues'))).toEqual([c]);
    expect(uuids(await owner.agent.get('/api/letters?filter.status=New&filter.status=Encountered%20Issues'))).toEqual([
      c,
      b,
      a,
    ]);
    expect(uuids(await owner.agent.get(`/api/letters?filter.creator=${encodeURIComponent(colleague.email)}`))).toEqual([
      b,
    ]);
    expect(uuids(await owner.agent.get('/api/letters?tab=trash&filter.status=Failed'))).toEqual([d]);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await owner.agent.get(`/api/letters?filter.creation_date=${future}/..`)).json().count).toBe(0);
    expect((await owner.agent.get(`/api/letters?filter.creation_date=../${future}`)).json().count).toBe(3);

    // Search covers name, recipient and creator; the counts follow it.
    const byRecipient = (await owner.agent.get('/api/letters?search=lovelace')).json();
    expect(byRecipient.rows.map((r: { uuid: string }) => r.uuid)).toEqual([b]);
    expect(byRecipient.counts).toMatchObject({ all: 1, new: 1, trash: 0 });
    expect(uuids(await owner.agent.get('/api/letters?search=hopper'))).toEqual([b]);

    // The rows carry what the panel needs.
    const row = all.rows.find((r: { uuid: string }) => r.uuid === b);
    expect(row).toMatchObject({
      creator_email: colleague.email.toLowerCase(),
      creator_name: 'Grace Hopper',
      has_thumbnail: true,
      source_type: 'pdf',
      delivery_channels: [],
      parent_uuid: null,
      split_status: null,
    });

    // Bad filters are refused with a clear error and change nothing.
    const bad = await owner.agent.get('/api/letters?filter.status=Lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Unknown status: Lost');
    expect((await owner.agent.get('/api/letters?filter.creation_date=yesterday/..')).statusCode).toBe(422);
  });
});

describe('letter file, metadata and history', () => {
  it('serves the PDF inline or as a download, the page count and every status change', async () => {
    const { agent } = await signUpCompany(t.app);
    const pdf = await simpleLetterPdf(RECIPIENTS[2]!, { pages: 2 });
    const id = await upload(agent, 'turing letter.pdf', pdf);
    await t.runJobs();
    const inline = await agent.get(`/api/letters/${id}/file`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="turing letter.pdf"/);
    expect(inline.rawPayload.equals(pdf)).toBe(true);
    const download = await agent.get(`/api/letters/${id}/file?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await agent.get(`/api/letters/${id}/metadata`)).json()).toEqual({ page_count: 2 });
    const history = (await agent.get(`/api/letters/${id}/history`)).json();
    expect(history.rows.map((r: { status: string }) => r.status)).toEqual(['Analysing', 'Analysis Complete']);
    const other = await signUpCompany(t.app);
    expect((await other.agent.get(`/api/letters/${id}/file`)).statusCode).toBe(404);
  });
});

// The split of merged files is proven in split.test.ts.

describe('gallery thumbnail stream', () => {
  const parse = (body: string) =>
    body
      .split('\n\n')
      .filter((m) => m.startsWith('data: '))
      .map((m) => m.slice(6).split(SEP));

  it('sends each thumbnail of the page with its index and total, waiting for letters still analysed', async () => {
    const { agent } = await signUpCompany(t.app);
    const ready = await upload(agent, 'a.pdf', await simpleLetterPdf(RECIPIENTS[0]!));
    await t.runJobs();
    const waiting = await upload(agent, 'b.pdf', await simpleLetterPdf(RECIPIENTS[1]!));
    const streamed = agent.get('/api/letters/thumbnails/stream?limit=10');
    await new Promise((r) => setTimeout(r, 200));
    await t.runJobs(); // the analysis ends: a refresh event wakes the stream
    const res = await streamed;
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = parse(res.body);
    expect(messages.map((m) => [m[0], m[2], m[3]])).toEqual([
      [ready, '1', '2'],
      [waiting, '2', '2'],
    ]);
    for (const m of messages)
      expect(Buffer.from(m[1]!, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // An empty page ends at once; another company's stream carries none of these letters.
    const other = await signUpCompany(t.app);
    expect(parse((await other.agent.get('/api/letters/thumbnails/stream')).body)).toEqual([]);
  });
});

describe('no letter stays Processing for ever', () => {
  it('restarts an analysis held by a dead worker once, then fails a letter whose analysis is lost again', async () => {
    const { agent } = await signUpCompany(t.app);
    const crashed = await upload(agent, 'crashed.pdf', await simpleLetterPdf(RECIPIENTS[0]!));
    const lost = await upload(agent, 'lost.pdf', await simpleLetterPdf(RECIPIENTS[1]!));
    const queued = await upload(agent, 'queued.pdf', await simpleLetterPdf(RECIPIENTS[2]!));
    const running = await upload(agent, 'running.pdf', await simpleLetterPdf(RECIPIENTS[0]!));
    const spent = await upload(agent, 'spent.pdf', await simpleLetterPdf(RECIPIENTS[1]!));
    const pool = t.services.pool;
    const age = (ids: string[]) =>
      pool.query("update letters set updated_at = now() - interval '1 hour' where id = any($1::text[])", [ids]);
    const lock = (id: string, by: string, secondsAgo: number) =>
      pool.query(
        `update graphile_worker._private_jobs set locked_at = now() - make_interval(secs => $2), locked_by = $3 where key = $1`,
        [`analyse:${id}`, secondsAgo, by],
      );
    // `crashed`: its worker died mid-job, its lock unrenewed for a little longer than allowed (not
    // the four hours graphile-worker waits). `lost`: its job vanished and it was already restarted
    // once. `queued`: its job still waits in the queue. `running`: its worker renews its lock.
    // `spent`: its job failed its last attempt without the letter being written.
    await lock(crashed, 'dead-worker', JOB_ABANDONED_SECONDS + 5);
    await lock(running, 'live-worker', JOB_ABANDONED_SECONDS - 10);
    await pool.query('update graphile_worker._private_jobs set attempts = max_attempts where key = $1', [
      `analyse:${spent}`,
    ]);
    await pool.query('delete from graphile_worker._private_jobs where key = $1', [`analyse:${lost}`]);
    await pool.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
      lost,
      'Analysing',
      RESTART_REASON,
    ]);
    await age([crashed, lost, queued, running, spent]);
    expect(await sweepStuckLetters(pool)).toEqual({ restarted: 2, failed: 1 });
    expect(await sweepStuckLetters(pool)).toEqual({ restarted: 0, failed: 0 }); // nothing twice
    expect((await agent.get(`/api/letters/${lost}`)).json()).toMatchObject({
      status: 'Failed to Analyse',
      status_reason: STUCK_REASON,
    });
    await t.runJobs();
    expect((await agent.get(`/api/letters/${crashed}`)).json().status).toBe('Analysis Complete');
    expect((await agent.get(`/api/letters/${queued}`)).json().status).toBe('Analysis Complete');
    expect((await agent.get(`/api/letters/${spent}`)).json().status).toBe('Analysis Complete');
    expect((await agent.get(`/api/letters/${running}`)).json().status).toBe('Analysing');
    const history = async (id: string) =>
      (await agent.get(`/api/letters/${id}/history`))
        .json()
        .rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason]);
    expect(await history(crashed)).toEqual([
      ['Analysing', null],
      ['Analysing', RESTART_REASON],
      ['Analysis Complete', null],
    ]);
    expect((await history(lost)).at(-1)).toEqual(['Failed to Analyse', STUCK_REASON]);
  });
});
