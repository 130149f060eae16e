// A program using the public API (issue 26), against the built product on its embedded PostgreSQL:
// an API key uploads N real letters (a Word-template layout PDF, each with its own name and
// recipient) with `inFlight` requests at once, learns that each was analysed from the
// `letter.analysed` webhook (a local receiver that checks every signature as the Standard Webhooks
// specification says), delivers it by post with an Idempotency-Key, and waits for
// the `delivery.channel_updated` webhook saying the print partner (the built-in sandbox) took it.
// Reported: requests per second and latency p50/p95/p99 for uploads and deliveries, end-to-end
// letters per second, and the webhooks: how many of each type, duplicates, and any letter missing one.
// Usage: node bench/api-program.mjs [letters=1000] [inFlight=20] [print=real|fast]
// (after `npx tsc -b apps/server`). `real`: the print sandbox's default pace (production 10 s, then a
// status every 3 s, as a printer's day is compressed); `fast`: at once, so the product's own cost shows.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { inFlight, machine } from './letters-lib.mjs';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';

const LETTERS = Number(process.argv[2] ?? 1000);
const IN_FLIGHT = Number(process.argv[3] ?? 20);
const PRINT = process.argv[4] === 'fast' ? 'fast' : 'real';
const PORT = 3197;
const PG_PORT = 55497;
const FUNDS_PENCE = 10_000_000;
const NAMES = ["Siân O'Brien", 'Zoë Ødegaard', 'Áine Ní Bhriain', 'Jean-Luc Lefèvre', 'Mary Smith', 'Rhys ap Gwilym'];

const { credit } = await import(path.join(ROOT, 'apps/server/dist/modules/money/ledger.js'));
const { inTransaction } = await import(path.join(ROOT, 'apps/server/dist/platform/db/transaction.js'));

/** An A4 letter laid out like Word's business letter template: sender top right, address in the window. */
async function letterPdf(i) {
  const MM = 72 / 25.4;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([210 * MM, 297 * MM]);
  const at = (text, x, y, size = 11) => page.drawText(text, { x: x * MM, y: (297 - y) * MM - size * 0.8, size, font });
  ['Harrow & Pike Solicitors LLP', '14 Queen Street', 'Bristol', 'BS1 4DZ'].forEach(
    (l, n) => void at(l, 125, 12 + n * 4.5, 9),
  );
  [`Mrs ${NAMES[i % NAMES.length]}`, `${(i % 97) + 1} Acacia Avenue`, 'Bristol', 'BS8 2QT'].forEach(
    (l, n) => void at(l, 22, 50 + n * 4.6),
  );
  at(`Our ref: HP/${20_000 + i}`, 130, 50, 9);
  at('Dear Madam,', 22, 105, 10);
  at('Please find enclosed the statement of your account for November.', 22, 112, 10);
  return Buffer.from(await doc.save());
}

// ---- The receiver: verifies every delivery's signature, notes each event once (by its id).
const events = { byType: new Map(), ids: new Set(), duplicates: 0, badSignatures: 0 };
const waiting = new Map(); // `${type}:${letterId}` -> resolve
const seen = new Map(); // `${type}:${letterId}` -> time
let secretBytes = null;

function verify(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const expected = createHmac('sha256', secretBytes).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => {
      const [v, sig] = s.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return v === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const letterIdOf = (data) => data?.letter_id ?? data?.letter?.uuid ?? data?.letter?.id ?? data?.uuid ?? data?.id;

const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!secretBytes || !verify(req.headers, body)) {
      events.badSignatures += 1;
      res.writeHead(400).end();
      return;
    }
    res.writeHead(204).end();
    const id = req.headers['webhook-id'];
    if (events.ids.has(id)) {
      events.duplicates += 1;
      return;
    }
    events.ids.add(id);
    const event = JSON.parse(body);
    events.byType.set(event.type, (events.byType.get(event.type) ?? 0) + 1);
    const key = `${event.type}:${letterIdOf(event.data)}`;
    if (event.type === 'delivery.channel_updated' && event.data?.state !== 'succeeded') return;
    seen.set(key, performance.now());
    waiting.get(key)?.();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

function eventFor(type, letterId, timeoutMs = 600_000) {
  const key = `${type}:${letterId}`;
  if (seen.has(key)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} for ${letterId}`)), timeoutMs);
    waiting.set(key, () => {
      clearTimeout(timer);
      waiting.delete(key);
      resolve();
    });
  });
}

const dataDir = tempDataDir('api-program');
const product = await startProduct({
  dataDir,
  port: PORT,
  pgPort: PG_PORT,
  env: {
    // The bench measures the product, not its guard: the limits are raised (a program would follow Retry-After).
    API_KEY_RATE_LIMIT: '1000000',
    COMPANY_API_RATE_LIMIT: '1000000',
    PRINT_SANDBOX_LATENCY_MS: '200',
    ...(PRINT === 'fast' ? { PRINT_SANDBOX_PRODUCTION_DELAY_MS: '0', PRINT_SANDBOX_STEP_MS: '50' } : {}),
  },
});
const pool = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 2 });
try {
  const session = await signUpSession(product.url, `api-bench-${Date.now()}@example.com`);
  const json = { ...session.headers, 'content-type': 'application/json' };
  const me = await (await fetch(`${product.url}/api/me`, { headers: session.headers })).json();
  await inTransaction(pool, (q) =>
    credit(q, {
      accountId: me.account.id,
      actor: null,
      key: 'bench',
      amount: FUNDS_PENCE,
      type: 'bank_transfer',
      description: 'bench',
    }),
  );
  const made = await fetch(`${product.url}/api/api-keys`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Bench ERP',
      permissions: ['create_letter', 'see_letters', 'send_letter'],
      mode: 'live',
    }),
  });
  if (made.status !== 201) throw new Error(`key: ${made.status} ${await made.text()}`);
  const key = (await made.json()).secret;
  const hook = await fetch(`${product.url}/api/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiverUrl, events: ['letter.analysed', 'delivery.channel_updated'] }),
  }).then(async (r) =>
    r.status === 201
      ? r.json()
      : fetch(`${product.url}/api/webhooks`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ url: receiverUrl, events: ['letter.analysed', 'delivery.channel_updated'] }),
        }).then((s) => s.json()),
  );
  const secret = hook.secret ?? hook.endpoint?.secret;
  if (!secret) throw new Error(`webhook endpoint: ${JSON.stringify(hook)}`);
  secretBytes = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

  const pdfs = await Promise.all(Array.from({ length: Math.min(LETTERS, 50) }, (_, i) => letterPdf(i)));
  const auth = { authorization: `Bearer ${key}` };
  const uploadMs = [];
  const deliverMs = [];
  const endToEndMs = [];
  const failures = [];
  const wall = await inFlight(LETTERS, IN_FLIGHT, async (i) => {
    const started = performance.now();
    try {
      const form = new FormData();
      form.append('file', new Blob([pdfs[i % pdfs.length]], { type: 'application/pdf' }), `statement-${i}.pdf`);
      let t0 = performance.now();
      const up = await fetch(`${product.url}/api/letters/files?type=regular`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: form,
      });
      uploadMs.push(performance.now() - t0);
      if (up.status !== 201) throw new Error(`upload ${up.status} ${await up.text()}`);
      const { uuid } = await up.json();
      await eventFor('letter.analysed', uuid);
      t0 = performance.now();
      const sent = await fetch(`${product.url}/api/letters/deliver`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `deliver-${uuid}` },
        body: JSON.stringify({ uuid, preference_overrides: ['mail'], is_premium: false, is_colour: false }),
      });
      deliverMs.push(performance.now() - t0);
      if (sent.status !== 201) throw new Error(`deliver ${sent.status} ${await sent.text()}`);
      await eventFor('delivery.channel_updated', uuid);
      endToEndMs.push(performance.now() - started);
    } catch (error) {
      failures.push(String(error.message ?? error));
    }
  });
  // Late or repeated deliveries: give the sender a moment, then count.
  await new Promise((r) => setTimeout(r, 2000));
  const result = {
    bench: 'api-program',
    date: new Date().toISOString(),
    machine: machine(),
    letters: LETTERS,
    inFlight: IN_FLIGHT,
    printSandbox: PRINT,
    wallSeconds: Math.round(wall / 100) / 10,
    lettersPerSecond: Math.round((endToEndMs.length / (wall / 1000)) * 100) / 100,
    uploadMs: percentiles(uploadMs),
    deliverMs: percentiles(deliverMs),
    endToEndMs: percentiles(endToEndMs),
    webhooks: {
      byType: Object.fromEntries(events.byType),
      duplicatesReceived: events.duplicates,
      badSignatures: events.badSignatures,
      lettersMissingAnalysed: LETTERS - endToEndMs.length - failures.length,
    },
    failures: failures.slice(0, 10),
    failureCount: failures.length,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, `bench/results/api-program-${PRINT}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await pool.end();
  await product.stop();
  receiver.close();
  removeDir(dataDir);
}
