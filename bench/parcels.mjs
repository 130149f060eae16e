// Parcels (issue 13): POST /api/parcels/quotes with the four carriers, 10 at a time, p50/p95/p99;
// once with the sandboxes answering at once (what the product adds) and once with their default
// latency (up to 300 ms each, asked concurrently: the slowest carrier, not the sum). Then bookings:
// POST /api/parcels 10 at a time (accepted per second) and the booking job (booked per second, the
// carriers answering at once), with the books checked: the balance fell by exactly the booked costs.
// Usage: node bench/parcels.mjs [quotes=400] [bookings=300] (after `npm run build`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, percentiles, ROOT, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';

const QUOTES = Number(process.argv[2] ?? 400);
const BOOKINGS = Number(process.argv[3] ?? 300);
const CONCURRENCY = 10;
const PORT = 3197;
const PG_PORT = 55497;

const { credit } = await import(path.join(ROOT, 'apps/server/dist/modules/money/ledger.js'));

function collectionDate() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 2);
  for (;;) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !/-12-2[5-8]$|-01-0[1-2]$/.test(iso)) return iso;
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

const body = (i) => ({
  sender: {
    name: "O'Brien & Daughters Ltd",
    phoneNumber: '0117 496 0123',
    addressLine1: 'Unit 4, Temple Gate Trading Estate',
    town: 'Bristol',
    county: 'City of Bristol',
    postcode: 'BS1 6AP',
  },
  recipient: {
    name: `Siobhán Ó Briain ${i}`,
    phoneNumber: '07700 900456',
    addressLine1: `${(i % 90) + 1} Rue-de-Croix Terrace`,
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS11 5PS',
  },
  details: {
    weight: [2, 5, 12, 20][i % 4],
    length: 45,
    width: 35,
    height: 16,
    goods_value: '45.50',
    goods_description: 'Books',
    collection_date: collectionDate(),
  },
});

async function pool(n, work) {
  let next = 0;
  const times = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        await work(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, ...percentiles(times) };
}

async function run(label, env, measureBookings) {
  const dataDir = tempDataDir(`parcels-${label}`);
  const product = await startProduct({ dataDir, port: PORT, pgPort: PG_PORT, env });
  const db = new pg.Pool({ connectionString: databaseUrl(dataDir, PG_PORT), max: 2 });
  const out = {};
  try {
    const owner = await signUpSession(product.url, `parcels-${label}@example.com`);
    const post = async (url, data) => {
      const res = await fetch(`${product.url}${url}`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    // Warm up (prepared statements, JIT).
    for (let i = 0; i < 20; i++) await post('/api/parcels/quotes', body(i));
    const quotes = [];
    const q = await pool(QUOTES, async (i) => {
      quotes[i] = await post('/api/parcels/quotes', body(i));
    });
    out.quotes = { per_s: Math.round((QUOTES / q.seconds) * 10) / 10, ms: q, rows: quotes[0].rows.length };
    if (!measureBookings) return out;

    const me = await (await fetch(`${product.url}/api/me`, { headers: { cookie: owner.cookie } })).json();
    const accountId = me.account.id;
    const client = await db.connect();
    try {
      await client.query('begin');
      await credit(client, {
        accountId,
        key: 'parcels-bench-funds',
        amount: 10_000_000,
        type: 'bank_transfer',
        actor: null,
        description: 'Bench funds',
      });
      await client.query('commit');
    } finally {
      client.release();
    }
    const ids = [];
    const confirmStart = Date.now();
    const b = await pool(BOOKINGS, async (i) => {
      const quote = quotes[i % quotes.length];
      const row = quote.rows.find((r) => r.available);
      ids.push((await post('/api/parcels', { quote_id: quote.quote_id, service: row.service })).parcel_uuid);
    });
    out.confirm = { per_s: Math.round((BOOKINGS / b.seconds) * 10) / 10, ms: b };
    // Wait until every parcel has left Pending (booked by the job), then until every label is made.
    const waitFor = async (status) => {
      for (;;) {
        const { rows } = await db.query(
          'select count(*)::int as n, max(updated_at) as last from parcels where account_id = $1 and status = $2',
          [accountId, status],
        );
        if (rows[0].n === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitFor('Pending');
    const booked = (Date.now() - confirmStart) / 1000;
    await waitFor('Awaiting Label');
    const labelled = (Date.now() - confirmStart) / 1000 - 20;
    const { rows: totals } = await db.query(
      `select count(*) filter (where status = 'Confirmed')::int as confirmed,
              count(*) filter (where status = 'Failed to Create Shipment')::int as failed,
              coalesce(sum(cost_pence) filter (where charge_entry_id is not null and status = 'Confirmed'), 0)::int as charged
         from parcels where account_id = $1`,
      [accountId],
    );
    const { rows: bal } = await db.query(
      'select balance_pence::bigint as balance, held_pence::bigint as held from account_balances where account_id = $1',
      [accountId],
    );
    out.bookings = {
      booked_per_s: Math.round((BOOKINGS / booked) * 10) / 10,
      all_labels_after_delay_s: Math.round(labelled * 10) / 10,
      ...totals[0],
      balance_exact: Number(bal[0].balance) === 10_000_000 - totals[0].charged && Number(bal[0].held) === 0,
    };
    return out;
  } finally {
    await db.end();
    await product.stop();
    removeDir(dataDir);
  }
}

const results = { when: new Date().toISOString() };
results.carriers_at_once = await run(
  'instant',
  {
    CARRIER_SANDBOX_LATENCY_MS: '0',
    CARRIER_SANDBOX_FAILURE_RATE: '0',
    // The sandbox renders each label itself (a carrier's work, CPU on our 2 cores): labels are made
    // 20 s after booking so that the confirmations and bookings are measured on their own.
    CARRIER_SANDBOX_LABEL_DELAY_MS: '20000',
    CARRIER_LABEL_POLL_MS: '1000',
    CARRIER_SANDBOX_TRACKING_STEP_MS: '600000',
    WORKER_CONCURRENCY: '4',
  },
  true,
);
results.carriers_default_latency = await run(
  'latency',
  { CARRIER_SANDBOX_LATENCY_MS: '300', CARRIER_SANDBOX_TRACKING_STEP_MS: '600000' },
  false,
);
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/parcels.json'), `${JSON.stringify(results, null, 2)}\n`);
