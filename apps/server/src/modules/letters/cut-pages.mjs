// The worker thread of cut-pages.ts: cuts a PDF into letters with pdf-lib, the file parsed once and
// each letter's pages copied into a new document written as <outDir>/<n>.pdf (n from 1). Plain
// JavaScript beside the TypeScript, so that it runs as is from src/ (tests) and from dist/ (found at
// src/modules/letters either way), loading nothing of the server.
//
// What bounds it (the parent sets the rest: the heap through resourceLimits, the time by
// terminating the thread): pdf-lib decodes object and cross-reference streams as it loads, into
// buffers outside the heap; a stream that inflates beyond `maxDecodedBytes` (a zip bomb), or all
// of them together beyond four times that, stops the load. The letters written may not take more
// than `maxTotalBytes` together (a resource every page shares is copied into every letter).
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { PDFDocument, ParseSpeeds } = require('pdf-lib');
// The CommonJS build's own module, the one its parsers extend (pdf-lib 1.17.1, pinned).
const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream.js').default;

class Refused extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

// pdf-lib's parser reads past an object it cannot parse, so a stream stopped here is remembered
// and the file refused once the load is over.
const { maxDecodedBytes } = workerData;
let decoded = 0;
let overflow = null;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function bounded(requested) {
  const before = this.buffer?.byteLength ?? 0;
  if (requested > maxDecodedBytes) overflow ??= 'A stream of the file decodes to too many bytes.';
  else if (decoded + requested - before > 4 * maxDecodedBytes)
    overflow ??= 'The streams of the file decode to too many bytes.';
  if (overflow) throw new Refused('memory', overflow);
  const buffer = ensureBuffer.call(this, requested);
  decoded += buffer.byteLength - before;
  return buffer;
};

async function cut({ file, outDir, ranges, maxTotalBytes }) {
  decoded = 0;
  overflow = null;
  let source;
  try {
    // Loaded whatever its encryption, then refused if encrypted (pdf-lib's own refusal is an
    // Error of no class of its own).
    source = await PDFDocument.load(await readFile(file), {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    throw overflow ? new Refused('memory', overflow) : error;
  }
  if (overflow) throw new Refused('memory', overflow);
  if (source.isEncrypted) throw new Refused('encrypted', 'The PDF is encrypted.');
  const pages = source.getPageCount();
  const last = Math.max(...ranges.map(([, end]) => end));
  if (last > pages) throw new Refused('corrupted', `The file has ${pages} pages; a letter ends on page ${last}.`);
  const sizes = [];
  let total = 0;
  for (const [i, [first, end]] of ranges.entries()) {
    const letter = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: end - first + 1 }, (_, k) => first - 1 + k);
    for (const page of await letter.copyPages(source, indices)) letter.addPage(page);
    // Without object streams: measured faster to write, and every reader reads it.
    const bytes = await letter.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
    total += bytes.length;
    if (total > maxTotalBytes) throw new Refused('output', 'The letters cut from the file would be too large.');
    await writeFile(path.join(outDir, `${i + 1}.pdf`), bytes);
    sizes.push(bytes.length);
  }
  return sizes;
}

parentPort.on('message', async (job) => {
  try {
    parentPort.postMessage({ id: job.id, sizes: await cut(job) });
  } catch (error) {
    parentPort.postMessage({
      id: job.id,
      kind:
        error instanceof Refused
          ? error.kind
          : /allocation failed|invalid array length|out of memory/i.test(String(error?.message))
            ? 'memory'
            : 'corrupted', // pdf-lib could not read it (a nesting too deep for the stack among them)
      message: String(error?.message ?? error).slice(0, 500),
    });
  }
});
