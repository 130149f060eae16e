// Word letters: the DOCX package is checked from its zip central directory before anything is
// inflated, every part is then inflated under a bound and verified, links to the outside are
// removed, and the clean package is converted to PDF by a LibreOffice kept running (office-converter.ts),
// or, where that cannot run, by one started for the letter; both bounded in time and memory.
// See docs/decisions/0010-docx-conversion-and-hostile-files.md.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { crc32, createInflateRaw, deflateRaw } from 'node:zlib';
import { convertInOffice, convertMarkedInOffice, type LaidOut } from './office-converter.js';
import { runTool, ToolError } from './poppler.js';

const deflateAsync = promisify(deflateRaw);

/** Bounds of a Word letter and of its conversion. A typical letter is 10-30 parts and under 1 MB. */
export const DOCX_LIMITS = {
  /** The file as uploaded (the upload limit). */
  maxFileBytes: 50 * 1024 * 1024,
  /** Parts in the zip; Word writes 10-30, one more per image. */
  maxEntries: 1000,
  /** Every part once inflated, together. */
  maxUnpackedBytes: 256 * 1024 * 1024,
  /** Unpacked over packed size of one part. Word's XML packs 5-20 times; zeros pack about 1,000 times. */
  maxEntryRatio: 200,
  /** The ratio is only checked on parts at least this big once unpacked (tiny XML parts pack well). */
  ratioFloorBytes: 1024 * 1024,
  /** Pixels of one image (an A4 page scanned at 600 dpi is 35 million); larger ones are decoded whole. */
  maxImagePixels: 60_000_000,
  /**
   * LibreOffice's time for one conversion: in a converter kept running, from the moment it takes the
   * letter (its start-up is bounded on its own); in a process of the letter's own, start-up (about 1 s) included.
   */
  conversionTimeoutMs: 60_000,
  /** LibreOffice's address space; a one-page letter converts within 256 MB. */
  converterMemoryBytes: 2 * 1024 * 1024 * 1024,
  /**
   * Conversions at once in this process when each letter starts its own LibreOffice (each of up to
   * converterMemoryBytes); the converters kept running are counted by OFFICE_LIMITS.converters.
   */
  conversionsInFlight: Math.max(1, Math.min(4, os.availableParallelism())),
} as const;

const CORRUPTED = 'Make sure the file is a standard Word document (.docx): re-save it and upload it again.';

/** Why a Word letter was not converted; `corrupted` ends in Corrupted, the rest in Failed to Analyse. */
export class DocxError extends Error {
  constructor(
    readonly kind: 'corrupted' | 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** What a zip package is called in messages and the part that makes it one (Word letters; spreadsheets to import). */
export interface PackageKind {
  noun: string;
  corrupted: string;
  requiredPart: string;
}
export const WORD_PACKAGE: PackageKind = {
  noun: 'Word document',
  corrupted: CORRUPTED,
  requiredPart: 'word/document.xml',
};
export const SPREADSHEET_PACKAGE: PackageKind = {
  noun: 'spreadsheet',
  corrupted: 'Make sure the file is a standard Excel spreadsheet (.xlsx): re-save it and upload it again.',
  requiredPart: 'xl/workbook.xml',
};

const corrupted = (kind = WORD_PACKAGE) => new DocxError('corrupted', kind.corrupted);
const bomb = (kind = WORD_PACKAGE) =>
  new DocxError('refused', `The ${kind.noun} is too large once unpacked (a possible zip bomb).`);

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  packedSize: number;
  size: number;
  localOffset: number;
  /** Where the packed bytes start and end in the file. */
  dataStart: number;
  dataEnd: number;
  modTime: number;
  modDate: number;
}

/** Reads and checks the zip's central directory and local headers; inflates nothing. */
export function inspectDocx(bytes: Buffer): ZipEntry[] {
  return inspectPackage(bytes, WORD_PACKAGE);
}

/** inspectDocx for any Office package: the same bounds, its own noun in messages and its own required part. */
export function inspectPackage(bytes: Buffer, kind: PackageKind): ZipEntry[] {
  if (bytes.length > DOCX_LIMITS.maxFileBytes)
    throw new DocxError('refused', `The ${kind.noun} is larger than ${DOCX_LIMITS.maxFileBytes / 1024 / 1024} MB.`);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535 bytes, at the end.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw corrupted(kind); // truncated, or not a zip
  const disk = bytes.readUInt16LE(end + 4);
  const count = bytes.readUInt16LE(end + 10);
  const cdSize = bytes.readUInt32LE(end + 12);
  const cdOffset = bytes.readUInt32LE(end + 16);
  if (disk !== 0 || bytes.readUInt16LE(end + 8) !== count) throw corrupted(kind); // split archives
  // ZIP64 (0xFFFF entries or offsets) is only needed beyond 65,535 parts or 4 GB: far past our bounds.
  if (count === 0xffff || cdOffset === 0xffffffff)
    throw new DocxError('refused', `The ${kind.noun} has too many parts.`);
  if (count > DOCX_LIMITS.maxEntries)
    throw new DocxError(
      'refused',
      `The ${kind.noun} has too many parts (${count}; at most ${DOCX_LIMITS.maxEntries}).`,
    );
  if (cdOffset + cdSize > end) throw corrupted(kind);

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== 0x02014b50) throw corrupted(kind);
    const flags = bytes.readUInt16LE(p + 8);
    const method = bytes.readUInt16LE(p + 10);
    const nameLength = bytes.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    if (next > end) throw corrupted(kind);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    const packedSize = bytes.readUInt32LE(p + 20);
    const size = bytes.readUInt32LE(p + 24);
    const localOffset = bytes.readUInt32LE(p + 42);
    if (packedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw bomb(kind);
    if (flags & 0x1)
      throw new DocxError(
        'refused',
        `The ${kind.noun} is password-protected: save it without a password and upload it again.`,
      );
    if (method !== 0 && method !== 8) throw corrupted(kind); // only stored and deflated parts are standard
    // Part names are case-insensitive in Office packages.
    const key = name.toLowerCase();
    if (names.has(key)) throw corrupted(kind);
    names.add(key);
    total += size;
    if (total > DOCX_LIMITS.maxUnpackedBytes) throw bomb(kind);
    if (size >= DOCX_LIMITS.ratioFloorBytes && size / Math.max(1, packedSize) > DOCX_LIMITS.maxEntryRatio)
      throw bomb(kind);
    if (localOffset + 30 > cdOffset || bytes.readUInt32LE(localOffset) !== 0x04034b50) throw corrupted(kind);
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const dataEnd = dataStart + packedSize;
    if (dataEnd > cdOffset) throw corrupted(kind);
    entries.push({
      name,
      method,
      flags,
      crc: bytes.readUInt32LE(p + 16),
      packedSize,
      size,
      localOffset,
      dataStart,
      dataEnd,
      modTime: bytes.readUInt16LE(p + 12),
      modDate: bytes.readUInt16LE(p + 14),
    });
    p = next;
  }
  // Parts that share packed bytes are how the densest zip bombs multiply one stream.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i += 1)
    if (byOffset[i]!.localOffset < byOffset[i - 1]!.dataEnd) throw bomb(kind);
  if (!names.has('[content_types].xml') || !names.has(kind.requiredPart)) throw corrupted(kind);
  return entries;
}

/** Width and height of a PNG, JPEG, GIF or BMP from its header; null for other formats. */
export function imageSize(data: Buffer): { width: number; height: number } | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR')
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length >= 10 && data.toString('latin1', 0, 3) === 'GIF')
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (data.length >= 26 && data.toString('latin1', 0, 2) === 'BM')
    return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    // JPEG: walk the marker segments to the first start-of-frame.
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const length = data.readUInt16BE(i + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return { width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
      i += 2 + length;
    }
  }
  return null;
}

const RELATIONSHIP =
  /<(?:[\w.-]+:)?Relationship\b(?:[^>"']|"[^"]*"|'[^']*')*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?Relationship\s*>)/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
/** Macro parts: never run (LibreOffice's macro security is on), and dropped so they cannot be. */
const MACRO_PART = /(^|\/)(vbaproject\.bin|vbadata\.xml|_rels\/vbaproject\.bin\.rels)$/i;
const MACRO_RELATIONSHIP = /\/(vbaProject|wordVbaData)$/i;

function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? '';
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * A relationships part without its links to the outside. LibreOffice fetches linked images over
 * HTTP and reads file:// links from the server's own disk, so every relationship that is external
 * (TargetMode="External") or whose target names a scheme goes, except hyperlinks, which only
 * become links in the PDF; so do relationships to macro projects. Returns the part and how many
 * relationships were removed.
 */
export function neutraliseRelationships(xml: string): { xml: string; removed: number } {
  let removed = 0;
  let seen = 0;
  const out = xml.replace(RELATIONSHIP, (element) => {
    seen += 1;
    const attrs = new Map<string, string>();
    for (const m of element.matchAll(ATTRIBUTE)) attrs.set(m[1]!.toLowerCase(), decodeXml(m[2] ?? m[3] ?? ''));
    const external = (attrs.get('targetmode') ?? 'Internal').trim().toLowerCase() !== 'internal';
    const target = (attrs.get('target') ?? '').trim();
    const pointsOutside = /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('\\');
    const type = (attrs.get('type') ?? '').trim();
    // A relationship to a macro part that is dropped goes too: LibreOffice refuses a package whose
    // relationship points at a missing part.
    if (((external || pointsOutside) && type !== HYPERLINK) || MACRO_RELATIONSHIP.test(type)) {
      removed += 1;
      return '';
    }
    return element;
  });
  // Every relationship must have been read: one written in a shape this reader does not know
  // could still be an outside link.
  if (seen !== (xml.match(/<(?:[\w.-]+:)?Relationship\b/g) ?? []).length) throw corrupted();
  return { xml: out, removed };
}

/** Markers of a DTD in UTF-8 and in both UTF-16s: Office never writes one; in a part it is an entity-expansion or external-entity attack. */
const DTD_MARKERS = ['<!DOCTYPE', '<!ENTITY'].flatMap((m) => {
  const utf32le = Buffer.alloc(m.length * 4);
  for (let i = 0; i < m.length; i += 1) utf32le.writeUInt32LE(m.charCodeAt(i), i * 4);
  return [
    Buffer.from(m, 'latin1'),
    Buffer.from(m, 'utf16le'),
    Buffer.from(m, 'utf16le').swap16(),
    utf32le,
    Buffer.from(utf32le).swap32(),
  ];
});

/**
 * The text of a relationships part in UTF-8 or UTF-16 (either byte order, BOM or not), or a
 * refusal: a part this reader cannot read as the XML parser would might hide an outside link.
 */
function relationshipsText(data: Buffer): { text: string; utf8: boolean } {
  let text: string;
  let utf8 = false;
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0x3c && data[1] === 0x00)) text = data.toString('utf16le');
  else if ((data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0x00 && data[1] === 0x3c))
    text = Buffer.from(data).swap16().toString('utf16le');
  else {
    text = data.toString('utf8');
    utf8 = true;
  }
  text = text.replace(/^\uFEFF/, '');
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1]?.toLowerCase();
  const known = declared === undefined || /^utf-?(8|16)$/.test(declared);
  if (!known || !/<(?:[\w.-]+:)?Relationships\b/.test(text)) throw corrupted();
  return { text, utf8 };
}
/** Bytes kept of a part to read an image's size (JPEG frames follow the metadata segments). */
const HEAD_BYTES = 256 * 1024;

/**
 * Inflates one part as a stream: counts it against its declared size (a part that inflates to
 * more is a lying zip bomb, stopped there), checks its CRC and looks for a DTD, keeping only its
 * first bytes (or all of it when asked). The server never holds a whole inflated part it does not need.
 */
export async function readPart(
  entry: ZipEntry,
  packed: Buffer,
  keepAll: boolean,
  kind: PackageKind = WORD_PACKAGE,
): Promise<Buffer> {
  const isXml = /\.(xml|rels)$/i.test(entry.name);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let size = 0;
  let crc = 0;
  let tail = Buffer.alloc(0);
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > entry.size) throw bomb(kind);
    crc = crc32(chunk, crc);
    if (isXml) {
      const window = Buffer.concat([tail, chunk]);
      if (DTD_MARKERS.some((m) => window.includes(m))) throw corrupted(kind);
      tail = window.subarray(Math.max(0, window.length - 32));
    }
    if (keepAll || keptBytes < HEAD_BYTES) {
      kept.push(chunk);
      keptBytes += chunk.length;
    }
  };
  if (entry.method === 0) take(packed);
  else {
    const inflater = createInflateRaw();
    inflater.end(packed);
    try {
      for await (const chunk of inflater) take(chunk as Buffer);
    } catch (error) {
      inflater.destroy();
      if (error instanceof DocxError) throw error;
      throw corrupted(kind); // not a deflate stream
    }
  }
  if (size !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw corrupted(kind);
  return Buffer.concat(kept);
}

/**
 * Verifies every part (see readPart), refuses oversized images, removes external relationships
 * and macros, and writes a new package. Returns the package and what was removed.
 */
export async function sanitiseDocx(
  bytes: Buffer,
  entries: ZipEntry[],
): Promise<{ docx: Buffer; removedLinks: number; removedParts: string[] }> {
  const parts: { entry: ZipEntry; packed: Buffer; method: number; crc: number; size: number }[] = [];
  const removedParts: string[] = [];
  let removedLinks = 0;
  for (const entry of entries) {
    const packed = bytes.subarray(entry.dataStart, entry.dataEnd);
    const isRels = entry.name.toLowerCase().endsWith('.rels');
    const data = await readPart(entry, packed, isRels);
    if (entry.name.endsWith('/')) continue; // directory entries are not parts
    if (MACRO_PART.test(entry.name)) {
      removedParts.push(entry.name);
      continue;
    }
    const size = imageSize(data);
    if (size && size.width * size.height > DOCX_LIMITS.maxImagePixels)
      throw new DocxError(
        'refused',
        `The Word document holds an image too large to convert (${size.width} x ${size.height} pixels).`,
      );
    if (isRels) {
      const { text, utf8 } = relationshipsText(data);
      const clean = neutraliseRelationships(text);
      if (clean.removed > 0 || !utf8) {
        removedLinks += clean.removed;
        // Written back in UTF-8, so what LibreOffice reads is exactly what was checked.
        const xml = utf8 ? clean.xml : clean.xml.replace(/(encoding\s*=\s*)(["'])[^"']*\2/i, '$1"UTF-8"');
        const raw = Buffer.from(xml, 'utf8');
        parts.push({ entry, packed: await deflateAsync(raw), method: 8, crc: crc32(raw) >>> 0, size: raw.length });
        continue;
      }
    }
    // Verified parts keep their packed bytes: nothing is packed twice.
    parts.push({ entry, packed, method: entry.method, crc: entry.crc >>> 0, size: entry.size });
  }
  return { docx: writeZip(parts), removedLinks, removedParts };
}

/** A plain zip (no data descriptors, no extra fields) of already-packed parts. */
function writeZip(parts: { entry: ZipEntry; packed: Buffer; method: number; crc: number; size: number }[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { entry, packed, method, crc, size } of parts) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = 0x0800; // names in UTF-8
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(entry.modTime, 10);
    local.writeUInt16LE(entry.modDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(flags, 8);
    head.writeUInt16LE(method, 10);
    head.writeUInt16LE(entry.modTime, 12);
    head.writeUInt16LE(entry.modDate, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(packed.length, 20);
    head.writeUInt32LE(size, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    chunks.push(local, name, packed);
    central.push(head, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** Conversions waiting for a turn, so that at most DOCX_LIMITS.conversionsInFlight LibreOffices run. */
let running = 0;
const waiting: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DOCX_LIMITS.conversionsInFlight) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export interface ConvertOptions {
  /** The LibreOffice program (a name on PATH or a path). */
  soffice?: string;
  /** This conversion's time bound; by default DOCX_LIMITS.conversionTimeoutMs. */
  timeoutMs?: number;
  /**
   * Which LibreOffice converts: `shared`, one of those kept running (office-converter.ts), or
   * `own`, one started for this letter alone (the way before issue 23, and the fallback where the
   * shared ones cannot run; its time bound includes LibreOffice's start-up). By default `shared`.
   */
  converter?: 'shared' | 'own';
}

const UNAVAILABLE =
  'DOCX conversion is unavailable on this server (LibreOffice is not installed): upload the letter as a PDF.';

/**
 * Converts a (sanitised) Word package to PDF with LibreOffice, bounded in time (the whole process
 * group is killed) and in address space. A converter kept running takes it when it can; otherwise
 * a LibreOffice of the letter's own, with a fresh user profile and HOME (concurrent conversions
 * never share a profile, and a killed one leaves nothing behind). The errors are the same either way.
 */
export async function convertToPdf(docx: Buffer, options: ConvertOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lp-docx-'));
  try {
    const input = path.join(dir, 'letter.docx');
    const output = path.join(dir, 'letter.pdf');
    await writeFile(input, docx, { mode: 0o600 });
    const soffice = options.soffice ?? 'soffice';
    const timeoutMs = options.timeoutMs ?? DOCX_LIMITS.conversionTimeoutMs;
    try {
      const shared = (options.converter ?? 'shared') === 'shared';
      const done =
        shared &&
        (await convertInOffice(input, output, { soffice, timeoutMs, memoryBytes: DOCX_LIMITS.converterMemoryBytes }));
      if (!done) await turn(() => convertInOwnProcess(soffice, dir, input, timeoutMs));
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      if (error.kind === 'missing') throw new DocxError('unavailable', UNAVAILABLE);
      if (error.kind === 'timeout') throw new DocxError('refused', 'The Word document took too long to convert.');
      if (error.kind === 'memory')
        throw new DocxError('refused', 'The Word document needs too much memory to convert.');
      throw new DocxError('refused', 'LibreOffice could not convert the Word document.');
    }
    // LibreOffice writes nothing when it cannot load a file (and the one-off process still exits 0).
    const pdf = await readFile(output).catch(() => null);
    if (!pdf || pdf.length === 0 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw corrupted();
    return pdf;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One `soffice --convert-to pdf` for this letter, its profile and HOME in `dir`; throws a ToolError. */
async function convertInOwnProcess(soffice: string, dir: string, input: string, timeoutMs: number): Promise<void> {
  const profile = pathToFileURL(path.join(dir, 'profile')).href;
  await runTool(
    soffice,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--norestore',
      '--nolockcheck',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      input,
    ],
    { timeoutMs, maxOutputBytes: 1024 * 1024, memoryBytes: DOCX_LIMITS.converterMemoryBytes },
    { env: { ...process.env, HOME: dir, TMPDIR: dir }, cwd: dir },
  );
}

/** Checks, cleans and converts a stored Word letter; returns the PDF's bytes or throws a DocxError. */
export async function docxToPdf(file: string, options: ConvertOptions = {}): Promise<Buffer> {
  const { size } = await stat(file);
  if (size > DOCX_LIMITS.maxFileBytes)
    throw new DocxError('refused', `The Word document is larger than ${DOCX_LIMITS.maxFileBytes / 1024 / 1024} MB.`);
  const bytes = await readFile(file);
  const { docx } = await sanitiseDocx(bytes, inspectDocx(bytes));
  return convertToPdf(docx, options);
}

/**
 * A (sanitised) Word document of several letters converted once in a LibreOffice kept running (the
 * mail merge's batches, decision 0040): writes the PDF to `output` and resolves the page each
 * bookmark of `marks` starts on (null for one not found), the pages laid out and the blank ones
 * LibreOffice inserted (not in the PDF). Resolves null when no converter kept
 * running can take it (a one-off LibreOffice tells no pages) or LibreOffice wrote no PDF; the caller
 * then converts the letters one by one. Rejects with a DocxError as convertToPdf does.
 */
export async function convertMarkedToPdf(
  docx: Buffer,
  marks: readonly string[],
  output: string,
  options: ConvertOptions = {},
): Promise<LaidOut | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lp-docx-'));
  try {
    const input = path.join(dir, 'letters.docx');
    await writeFile(input, docx, { mode: 0o600 });
    let pages: LaidOut | null;
    try {
      pages = await convertMarkedInOffice(input, output, marks, {
        soffice: options.soffice ?? 'soffice',
        timeoutMs: options.timeoutMs ?? DOCX_LIMITS.conversionTimeoutMs,
        memoryBytes: DOCX_LIMITS.converterMemoryBytes,
      });
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      if (error.kind === 'timeout') throw new DocxError('refused', 'The Word document took too long to convert.');
      if (error.kind === 'memory')
        throw new DocxError('refused', 'The Word document needs too much memory to convert.');
      throw new DocxError('refused', 'LibreOffice could not convert the Word document.');
    }
    if (!pages) return null;
    const head = await readFile(output)
      .then((b) => b.subarray(0, 5).toString('latin1'))
      .catch(() => '');
    return head === '%PDF-' ? pages : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
