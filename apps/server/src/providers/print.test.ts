import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isRoyalMailTrackingNumber,
  POST_SERVICE_MESSAGES,
  PRICE_LIST,
  type PrintStatus,
  RETURN_REASONS,
  shouldApplyPrintStatus,
} from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxPrintProvider,
  createStannpPrintProvider,
  type PrintEvent,
  PrintSubmitError,
  type PrintSubmitInput,
  PrintWebhookError,
  parsePrintWebhook,
  signPrintWebhook,
} from './print.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const SECRET = 'whsec_test_print';

function letter(overrides: Partial<PrintSubmitInput> = {}): PrintSubmitInput {
  return {
    pdf: PDF,
    pages: 2,
    color: false,
    service: 'premium',
    postService: 'first_class',
    country: 'GB',
    duplex: true,
    insertSheets: 0,
    reference: 'LP-123',
    idempotencyKey: 'idem-1',
    recipient: { name: 'Ada Lovelace', lines: ['12 Sample Street', 'Flat 2', 'Sampletown'], postcode: 'AB12 3CD' },
    ...overrides,
  };
}

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  form: FormData | null;
}

/** A stand-in for Stannp's API on a local port; `answer` decides each reply. */
async function fakeStannp(answer: (seen: Seen, res: ServerResponse) => void | Promise<void>) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    let form: FormData | null = null;
    if (raw.length > 0 && req.headers['content-type']) {
      form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] },
        body: raw,
      }).formData();
    }
    const s = { method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, form };
    seen.push(s);
    await answer(s, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const basic = `Basic ${Buffer.from('key_live_abc:').toString('base64')}`;

describe('Stannp client', () => {
  let api: Awaited<ReturnType<typeof fakeStannp>>;
  let mode: 'ok' | 'refused' | 'error500' | 'slow' | 'idempotent' = 'ok';

  beforeAll(async () => {
    api = await fakeStannp(async (seen, res) => {
      if (seen.auth !== basic) return json(res, 401, { success: false, error: 'Unauthorised' });
      if (seen.method === 'POST' && seen.url === '/v1/letters/create') {
        if (mode === 'refused') return json(res, 400, { success: false, error: 'The file has too many pages.' });
        if (mode === 'error500') return json(res, 500, { success: false, error: 'Internal error' });
        if (mode === 'slow') {
          await new Promise((r) => setTimeout(r, 500));
          return json(res, 200, { success: true, data: { id: 'late' } });
        }
        const data = {
          pdf: 'https://www.stannp.com/assets/samples/letter.pdf',
          id: '16818210',
          created: '2022-10-01T15:42:22+00:00',
          format: 'A4',
          cost: '1.56',
          status: seen.form?.get('test') === 'true' ? 'test' : 'received',
        };
        return json(res, mode === 'idempotent' ? 409 : 200, { success: true, data });
      }
      if (seen.method === 'GET' && seen.url === '/v1/letters/get/16818210')
        return json(res, 200, {
          success: true,
          data: { id: '16818210', timestamp: '2019-02-13 00:14:04', status: 'handed_over', type: 'letter' },
        });
      if (seen.method === 'GET' && seen.url.startsWith('/v1/letters/get/'))
        return json(res, 404, { success: false, error: 'Letter not found' });
      if (seen.method === 'POST' && seen.url === '/v1/letters/cancel') {
        if (seen.form?.get('id') === '16818210') return json(res, 200, { success: true, data: true });
        return json(res, 400, { success: false, error: 'This letter can no longer be cancelled.' });
      }
      json(res, 404, { success: false, error: 'No such endpoint' });
    });
  });
  afterAll(async () => api.close());

  const client = (over: { timeoutMs?: number; test?: boolean; apiKey?: string } = {}) =>
    createStannpPrintProvider({
      apiKey: over.apiKey ?? 'key_live_abc',
      baseUrl: api.baseUrl,
      webhookSecret: SECRET,
      test: over.test,
      timeoutMs: over.timeoutMs,
    });

  it('posts the PDF and the fields as multipart with basic auth, and reads the answer', async () => {
    mode = 'ok';
    const before = api.seen.length;
    const out = await client().submit(letter());
    expect(out).toEqual({ id: '16818210', status: 'received', costPence: 156, trackingNumber: null });
    const req = api.seen[before]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/letters/create');
    expect(req.auth).toBe(basic);
    const form = req.form!;
    const file = form.get('file') as File;
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(form.get('test')).toBe('false');
    expect(form.get('duplex')).toBe('true');
    expect(form.get('addons')).toBe('FIRST_CLASS');
    expect(form.get('idempotency_key')).toBe('idem-1');
    expect(form.get('tags')).toBe('LP-123');
    expect(form.get('recipient[lastname]')).toBe('Ada Lovelace');
    expect(form.get('recipient[address1]')).toBe('12 Sample Street');
    expect(form.get('recipient[address2]')).toBe('Flat 2');
    expect(form.get('recipient[town]')).toBe('Sampletown');
    expect(form.get('recipient[postcode]')).toBe('AB12 3CD');
    expect(form.get('recipient[country]')).toBe('GB');
  });

  it('sends second class (no add-on), single-sided and test mode when asked', async () => {
    mode = 'ok';
    const before = api.seen.length;
    const out = await client({ test: true }).submit(
      letter({ service: 'standard', postService: 'second_class', duplex: false }),
    );
    expect(out.status).toBe('received');
    const form = api.seen[before]!.form!;
    expect(form.get('addons')).toBeNull();
    expect(form.get('duplex')).toBe('false');
    expect(form.get('test')).toBe('true');
  });

  it('sends a letter abroad with its country and no class add-on (Stannp prices international post by country)', async () => {
    mode = 'ok';
    const before = api.seen.length;
    await client().submit(
      letter({
        postService: 'international_standard',
        country: 'FR',
        recipient: {
          name: 'Hélène Dupré',
          lines: ['8 Rue du Faubourg Saint-Honoré', '75008 Paris'],
          postcode: '75008',
        },
      }),
    );
    const form = api.seen[before]!.form!;
    expect(form.get('recipient[country]')).toBe('FR');
    expect(form.get('recipient[town]')).toBe('75008 Paris');
    expect(form.get('addons')).toBeNull();
  });

  it('refuses Signed For, Special Delivery and International Tracked before calling Stannp, which does not offer them', async () => {
    mode = 'ok';
    for (const postService of [
      'signed_for_first',
      'signed_for_second',
      'special_delivery',
      'international_tracked',
    ] as const) {
      const before = api.seen.length;
      const error = await client()
        .submit(letter({ postService }))
        .catch((e) => e);
      expect(error).toBeInstanceOf(PrintSubmitError);
      expect(error.permanent).toBe(true);
      expect(error.message).toBe(POST_SERVICE_MESSAGES.notOffered(postService, 'Stannp'));
      expect(api.seen.length).toBe(before);
    }
  });

  it('takes an idempotent repeat (409 with the original body) as the same letter', async () => {
    mode = 'idempotent';
    expect((await client().submit(letter())).id).toBe('16818210');
  });

  it('makes a refusal a permanent error with a readable message', async () => {
    mode = 'refused';
    const error = await client()
      .submit(letter())
      .catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('too many pages');
  });

  it('makes bad credentials permanent', async () => {
    mode = 'ok';
    const error = await client({ apiKey: 'wrong' })
      .submit(letter())
      .catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.permanent).toBe(true);
  });

  it('makes a 500 temporary', async () => {
    mode = 'error500';
    const error = await client()
      .submit(letter())
      .catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.permanent).toBe(false);
  });

  it('gives up after its time limit, temporarily', async () => {
    mode = 'slow';
    const error = await client({ timeoutMs: 100 })
      .submit(letter())
      .catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(/in time/);
  });

  it('makes an unreachable service temporary', async () => {
    const dead = createStannpPrintProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', webhookSecret: SECRET });
    const error = await dead.submit(letter()).catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.permanent).toBe(false);
  });

  it('reads a letter, and null for an unknown one', async () => {
    expect(await client().get('16818210')).toEqual({ id: '16818210', status: 'handed_over' });
    expect(await client().get('999')).toBeNull();
  });

  it('cancels before production and says false when too late', async () => {
    expect(await client().cancel('16818210')).toBe(true);
    expect(await client().cancel('777')).toBe(false);
  });
});

describe('print webhooks', () => {
  const provider = createStannpPrintProvider({ apiKey: 'k', webhookSecret: SECRET });
  const raw = Buffer.from(
    JSON.stringify({
      webhook_id: 1234,
      event: 'mailpiece_status',
      created: '2024-01-15 10:30:00',
      retries: 0,
      mailpieces: [{ id: '16818210', status: 'local_delivery', timestamp: '2024-01-15 10:29:00', type: 'letter' }],
    }),
  );

  it('accepts a genuine event and reads it', () => {
    const event = provider.verifyWebhook(raw, signPrintWebhook(SECRET, raw));
    expect(event).toEqual({
      eventId: '1234:16818210:local_delivery:2024-01-15T10:30:00.000Z',
      id: '16818210',
      status: 'local_delivery',
      at: new Date('2024-01-15T10:29:00Z'),
    });
  });

  it('gives a retried delivery (a different retries count) the same event id', () => {
    const retried = Buffer.from(raw.toString().replace('"retries":0', '"retries":1'));
    const a = provider.verifyWebhook(raw, signPrintWebhook(SECRET, raw));
    const b = provider.verifyWebhook(retried, signPrintWebhook(SECRET, retried));
    expect(b.eventId).toBe(a.eventId);
  });

  it('refuses a tampered body, a wrong secret, a missing or malformed signature', () => {
    const tampered = Buffer.from(raw.toString().replace('local_delivery', 'delivered'));
    expect(() => provider.verifyWebhook(tampered, signPrintWebhook(SECRET, raw))).toThrow(PrintWebhookError);
    expect(() => provider.verifyWebhook(raw, signPrintWebhook('other', raw))).toThrow(PrintWebhookError);
    expect(() => provider.verifyWebhook(raw, undefined)).toThrow(PrintWebhookError);
    expect(() => provider.verifyWebhook(raw, '')).toThrow(PrintWebhookError);
    expect(() => provider.verifyWebhook(raw, 'zz')).toThrow(PrintWebhookError);
  });

  it('refuses signed bodies that are not letter events', () => {
    const test = Buffer.from(JSON.stringify({ webhook_id: 0, event: 'test_url', created: '2024-01-15 10:30:00' }));
    expect(() => provider.verifyWebhook(test, signPrintWebhook(SECRET, test))).toThrow(PrintWebhookError);
    const odd = Buffer.from(
      JSON.stringify({
        event: 'mailpiece_status',
        created: '2024-01-15 10:30:00',
        mailpieces: [{ id: '1', status: 'lost' }],
      }),
    );
    expect(() => provider.verifyWebhook(odd, signPrintWebhook(SECRET, odd))).toThrow(/Unknown letter status/);
    expect(() => parsePrintWebhook(Buffer.from('not json'))).toThrow(PrintWebhookError);
  });
});

/** A sandbox whose webhooks land in `events`, verified as our route would. */
function sandboxWithInbox(opts: {
  failureRate?: number;
  duplicateRate?: number;
  reorderRate?: number;
  random?: () => number;
}) {
  const events: PrintEvent[] = [];
  const sandbox = createSandboxPrintProvider({
    latencyMs: 5,
    stepMs: 5,
    productionDelayMs: 60,
    failureRate: opts.failureRate ?? 0,
    duplicateRate: opts.duplicateRate ?? 0,
    reorderRate: opts.reorderRate ?? 0,
    random: opts.random,
    webhookSecret: SECRET,
    deliver: async (rawBody, signature) => {
      events.push(sandbox.verifyWebhook(rawBody, signature));
      return 200;
    },
  });
  return { sandbox, events };
}

/** What our webhook route will do: skip seen event ids, and never move a letter backwards. */
function fold(events: PrintEvent[]): { status: PrintStatus | null; applied: PrintStatus[] } {
  const seen = new Set<string>();
  let status: PrintStatus | null = 'received';
  const applied: PrintStatus[] = [];
  for (const e of events) {
    if (seen.has(e.eventId)) continue;
    seen.add(e.eventId);
    if (shouldApplyPrintStatus(status, e.status)) {
      status = e.status;
      applied.push(e.status);
    }
  }
  return { status, applied };
}

describe('sandbox print provider', () => {
  it('answers received, then moves the letter to delivered with signed events', async () => {
    const { sandbox, events } = sandboxWithInbox({});
    const out = await sandbox.submit(letter());
    expect(out.status).toBe('received');
    // The partner's cost is the price list's (the sandbox's defaults, decision 0037).
    expect(out.costPence).toBe(PRICE_LIST.letter.premium);
    expect(out.trackingNumber).toBeNull();
    expect(await sandbox.get(out.id)).toEqual({ id: out.id, status: 'received' });
    await sandbox.settled();
    expect(events.map((e) => e.status)).toEqual(['producing', 'handed_over', 'local_delivery', 'delivered']);
    expect(events.every((e) => e.id === out.id && e.at instanceof Date)).toBe(true);
    expect(await sandbox.get(out.id)).toEqual({ id: out.id, status: 'delivered' });
    expect(await sandbox.get('nope')).toBeNull();
    sandbox.close();
  });

  it('cancels only while received', async () => {
    const { sandbox, events } = sandboxWithInbox({});
    const early = await sandbox.submit(letter());
    expect(await sandbox.cancel(early.id)).toBe(true);
    const late = await sandbox.submit(letter());
    await sandbox.settled();
    expect(await sandbox.cancel(late.id)).toBe(false);
    expect(await sandbox.cancel('nope')).toBe(false);
    expect((await sandbox.get(early.id))?.status).toBe('cancelled');
    expect(events.filter((e) => e.id === early.id).map((e) => e.status)).toEqual(['cancelled']);
    expect((await sandbox.get(late.id))?.status).toBe('delivered');
    sandbox.close();
  });

  it('returns a letter at failure rate 1', async () => {
    const { sandbox, events } = sandboxWithInbox({ failureRate: 1 });
    const out = await sandbox.submit(letter({ service: 'standard', postService: 'second_class' }));
    expect(out.costPence).toBe(PRICE_LIST.letter.standard);
    await sandbox.settled();
    expect(events.at(-1)?.status).toBe('returned');
    // With Royal Mail's reason.
    expect(Object.keys(RETURN_REASONS)).toContain(events.at(-1)?.returnReason);
    expect(events.some((e) => e.status === 'delivered')).toBe(false);
    expect((await sandbox.get(out.id))?.status).toBe('returned');
    sandbox.close();
  });

  it('sends duplicates and out-of-order events that printStatusRank folds into the right end', async () => {
    const { sandbox, events } = sandboxWithInbox({ duplicateRate: 1, reorderRate: 1 });
    const out = await sandbox.submit(letter());
    await sandbox.settled();
    const statuses = events.map((e) => e.status);
    // Every event twice; producing arrives after handed_over, local_delivery after delivered.
    expect(statuses).toEqual([
      'handed_over',
      'handed_over',
      'producing',
      'producing',
      'delivered',
      'delivered',
      'local_delivery',
      'local_delivery',
    ]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
    const { status, applied } = fold(events);
    expect(status).toBe('delivered');
    expect(applied).toEqual(['handed_over', 'delivered']);
    expect((await sandbox.get(out.id))?.status).toBe('delivered');
    sandbox.close();
  });

  it('refuses what is not a PDF and letters over 50 pages, permanently', async () => {
    const { sandbox } = sandboxWithInbox({});
    const notPdf = await sandbox.submit(letter({ pdf: Buffer.from('hello') })).catch((e) => e);
    expect(notPdf).toBeInstanceOf(PrintSubmitError);
    expect(notPdf.permanent).toBe(true);
    const long = await sandbox.submit(letter({ pages: 51 })).catch((e) => e);
    expect(long).toBeInstanceOf(PrintSubmitError);
    expect(long.permanent).toBe(true);
    expect(long.message).toContain('51 pages');
    await sandbox.settled();
    sandbox.close();
  });

  it('tracks a Signed For letter: a Royal Mail number, events in Royal Mail’s words, a signature image on delivery', async () => {
    const { sandbox, events } = sandboxWithInbox({});
    const out = await sandbox.submit(
      letter({
        postService: 'signed_for_second',
        service: 'standard',
        recipient: { name: "Mr Seán O'Brien", lines: ['1 Quay St', 'Cork Road', 'Penarth'], postcode: 'CF64 1TN' },
      }),
    );
    expect(out.trackingNumber).toMatch(/^KG[0-9]{9}GB$/);
    expect(isRoyalMailTrackingNumber(out.trackingNumber!)).toBe(true);
    expect(out.costPence).toBe(PRICE_LIST.uk.signed_for_second.letter);
    await sandbox.settled();
    const tracked = events.filter((e) => e.trackingNumber === out.trackingNumber);
    expect(tracked.map((e) => e.status)).toEqual(['producing', 'handed_over', 'local_delivery', 'delivered']);
    expect(tracked.find((e) => e.status === 'handed_over')?.description).toBe('Item received by Royal Mail');
    const delivered = tracked.at(-1)!;
    expect(delivered.signature?.name).toBe("S. O'Brien");
    expect(delivered.signature?.imagePng?.subarray(1, 4).toString('latin1')).toBe('PNG');
    sandbox.close();
  });

  it('refuses a UK service to an address abroad, as Royal Mail would', async () => {
    const { sandbox } = sandboxWithInbox({});
    const error = await sandbox.submit(letter({ postService: 'first_class', country: 'FR' })).catch((e) => e);
    expect(error).toBeInstanceOf(PrintSubmitError);
    expect(error.message).toContain(POST_SERVICE_MESSAGES.ukOnly('first_class', 'FR'));
    const abroad = await sandbox.submit(letter({ postService: 'international_tracked', country: 'US' }));
    expect(abroad.trackingNumber).toMatch(/^LX[0-9]{9}GB$/);
    expect(abroad.costPence).toBe(PRICE_LIST.international.international_tracked.world_3);
    sandbox.close();
  });

  it('settles at once with nothing in flight, and sends nothing after close', async () => {
    const { sandbox, events } = sandboxWithInbox({});
    await sandbox.settled();
    sandbox.close();
    await sandbox.submit(letter());
    await sandbox.settled();
    expect(events).toEqual([]);
  });

  it('retries a delivery our route did not accept', async () => {
    let calls = 0;
    const sandbox = createSandboxPrintProvider({
      latencyMs: 0,
      stepMs: 2,
      productionDelayMs: 2,
      failureRate: 0,
      duplicateRate: 0,
      reorderRate: 0,
      webhookSecret: SECRET,
      deliver: async () => (++calls === 1 ? 503 : 200),
    });
    await sandbox.submit(letter());
    await sandbox.settled();
    expect(calls).toBe(5);
    sandbox.close();
  });
});
