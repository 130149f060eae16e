// The database statements a letter costs, from upload to analysed: the product restarted with
// pg_stat_statements (track = all, so statements inside functions count too), N letters of 1, 3 and
// 10 pages uploaded 20 at a time, then the 30 statements that took longest in all, with their calls,
// total and mean time. Usage: node bench/letter-statements.mjs [letters=300] (after `npx tsc -b apps/server`)
import pg from 'pg';
import { inFlight, uploadLetter } from './letters-lib.mjs';
import { databaseUrl, removeDir, signUpSession, startProduct, tempDataDir } from './lib.mjs';
import { makePdf } from './pdf-corpus.mjs';

const N = Number(process.argv[2] ?? 300);
const dataDir = tempDataDir('letter-statements');
let product = await startProduct({ dataDir, port: 3211, pgPort: 55511 });
let pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55511), max: 1 });
await pool.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
await pool.query("alter system set pg_stat_statements.track = 'all'");
await pool.end();
await product.stop();
product = await startProduct({ dataDir, port: 3211, pgPort: 55511 });
pool = new pg.Pool({ connectionString: databaseUrl(dataDir, 55511), max: 1 });
await pool.query('create extension if not exists pg_stat_statements');
try {
  const session = await signUpSession(product.url, 'owner@statements.example');
  const pdfs = { 1: await makePdf({ pages: 1 }), 3: await makePdf({ pages: 3 }), 10: await makePdf({ pages: 10 }) };
  await uploadLetter(product.url, session, pdfs[1], 'warm.pdf');
  await new Promise((r) => setTimeout(r, 2000));
  await pool.query('select pg_stat_statements_reset()');
  const t0 = performance.now();
  await inFlight(N, 20, async (i) => uploadLetter(product.url, session, pdfs[[1, 3, 10][i % 3]], `l${i}.pdf`));
  for (;;) {
    const { rows } = await pool.query("select count(*)::int n from letters where status = 'Analysing'");
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log('settled in', Math.round(performance.now() - t0), 'ms');
  const { rows } = await pool.query(
    `select calls, round(total_exec_time::numeric, 1) as total_ms, round((total_exec_time / calls)::numeric, 3) as mean_ms, round(total_plan_time::numeric,1) as plan_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 150) as q from pg_stat_statements order by total_exec_time + total_plan_time desc limit 30`,
  );
  const sum = await pool.query(
    'select round(sum(total_exec_time)::numeric,1) as exec, round(sum(total_plan_time)::numeric,1) as plan, sum(calls)::int as calls from pg_stat_statements',
  );
  console.log(
    'total',
    sum.rows[0],
    'per letter exec ms',
    (sum.rows[0].exec / N).toFixed(2),
    'calls per letter',
    (sum.rows[0].calls / N).toFixed(1),
  );
  for (const r of rows)
    console.log(
      String(r.calls).padStart(6),
      String(r.total_ms).padStart(9),
      String(r.mean_ms).padStart(8),
      String(r.plan_ms).padStart(7),
      r.q,
    );
} finally {
  await pool.end();
  await product.stop();
  removeDir(dataDir);
}
