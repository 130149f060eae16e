// Helpers shared by the letters benches: upload through the API, and know when a letter's
// analysis is done (SSE refresh events, then one read of the awaited letters), the machine, Word letters.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { crc32, deflateRawSync } from 'node:zlib';

/** POST /api/letters/files (multipart, field "file"); resolves with the new letter's uuid. */
export async function uploadLetter(url, session, bytes, filename, { type = 'regular', mime = 'application/pdf' } = {}) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: mime }), filename);
  const res = await fetch(`${url}/api/letters/files?type=${type}`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload of ${filename} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).uuid;
}

/**
 * Waits for letters to reach a state. Every refresh event on GET /api/notifications/stream (what a
 * browser is told) makes it read every awaited letter in one query on the product's database (a GET
 * per letter per event would add enough load on 2 cores to skew what is measured); a slow poll
 * (every `fallbackMs`) covers a missed event. A letter counts as done when the read that shows it
 * done returns. Rows carry id, status, num_pages, split_status.
 */
export class LetterWatcher {
  constructor(url, session, pool, { fallbackMs = 200 } = {}) {
    this.url = url;
    this.session = session;
    this.pool = pool;
    this.fallbackMs = fallbackMs;
    this.pending = new Map(); // id -> { done(letter) => boolean, resolve }
    this.running = false;
    this.again = false;
    this.events = 0;
    this.reads = 0;
  }

  async start() {
    const u = new URL(`${this.url}/api/notifications/stream`);
    await new Promise((resolve, reject) => {
      this.req = http.get(
        { host: u.hostname, port: u.port, path: u.pathname, headers: { cookie: this.session.cookie } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`SSE stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            if (chunk.includes('letters')) {
              this.events += 1;
              this.kick();
            }
          });
          resolve();
        },
      );
      this.req.on('error', (e) => (this.stopped ? undefined : reject(e)));
    });
    this.timer = setInterval(() => this.kick(), this.fallbackMs);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.req?.destroy();
  }

  /** Resolves with { at: performance.now() when seen, letter } once done(letter) holds. */
  wait(id, done = (l) => l.status !== 'Analysing', timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`letter ${id} not done after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        done,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
      });
      this.kick();
    });
  }

  async kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const waiting = [...this.pending];
        if (!waiting.length) break;
        this.reads += 1;
        const { rows } = await this.pool.query(
          'select id, status, num_pages::int as num_pages, split_status from letters where id = any($1::text[])',
          [waiting.map(([id]) => id)],
        );
        const at = performance.now();
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const [id, w] of waiting) {
          const letter = byId.get(id);
          if (letter && this.pending.get(id) === w && w.done(letter)) {
            this.pending.delete(id);
            w.resolve({ at, letter });
          }
        }
      } while (this.again && this.pending.size);
    } catch {
      // a failed read is retried on the next event or poll
    } finally {
      this.running = false;
    }
  }
}

/** The machine, for the results: CPUs, memory and load averages (other work on the 2 cores skews figures). */
export function machine() {
  let model = os.cpus()[0]?.model ?? 'unknown';
  try {
    model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {}
  return {
    cpus: os.availableParallelism(),
    cpuModel: model,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** Runs `worker` for `n` items with `concurrency` of them in flight; resolves with the wall time in ms. */
export async function inFlight(n, concurrency, worker) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await worker(i);
      }
    }),
  );
  return performance.now() - t0;
}

// ---- Word letters, ported from apps/server/src/test/fixtures/letters.ts (letterDocx and zip) ----

/** A zip archive (deflated entries), enough to write an Office Open XML package. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.from(e.data, 'utf8');
    const data = deflateRawSync(raw);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const TWIPS_PER_MM = 1440 / 25.4;

/** A Word letter: A4, the address paragraphs inside the DL window (left 22 mm, top 58 mm), a date and body. */
export function letterDocx(address, body = ['Dear customer, thank you for your order.']) {
  const para = (text, after = 0) =>
    `<w:p><w:pPr><w:spacing w:before="0" w:after="${after}" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:sz w:val="20"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  const paras = [
    ...address.map((l) => para(l)),
    para('', 400),
    para('21 November 2026', 200),
    ...body.map((l) => para(l, 120)),
  ].join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${paras}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="${Math.round(58 * TWIPS_PER_MM)}" w:right="1134" w:bottom="1134" w:left="${Math.round(22 * TWIPS_PER_MM)}" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    { name: 'word/document.xml', data: document },
  ]);
}
