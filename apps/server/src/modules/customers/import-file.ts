// The file of a customer import, read into rows: a CSV in whatever encoding and delimiter Excel,
// Google Sheets or LibreOffice wrote it, or an Excel workbook (.xlsx, its first sheet) read through
// the bounded zip reader of Word letters. Formulas are never evaluated: a cell is its text, or the
// value Excel cached for it. See docs/decisions/0017-customer-import.md.
import { IMPORT_LIMITS, IMPORT_MESSAGES, ImportFileError, parseCsv, type SheetRow } from '@lp/domain';
import { DocxError, inspectPackage, readPart, SPREADSHEET_PACKAGE, type ZipEntry } from '../letters/index.js';

export interface ImportFormat {
  kind: 'csv' | 'xlsx';
  /** CSV: the delimiter found (",", ";" or a tab). */
  delimiter?: string;
  /** CSV: how its bytes were read. */
  encoding?: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  /** XLSX: the sheet read (the workbook's first). */
  sheet?: string;
}

/** Why a file cannot be imported: `unsupported` is not a CSV or workbook (415); the rest is 422. */
export class ImportRefusal extends Error {
  constructor(
    readonly kind: 'unsupported' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

/** One XML part of a workbook is read whole; this bounds it (50,000 rows of 13 cells are about 30 MB). */
const MAX_PART_BYTES = 64 * 1024 * 1024;

/**
 * The text of a CSV: a byte-order mark decides (UTF-8, or UTF-16 as Excel's "Unicode text"
 * writes it); without one, UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's plain
 * "CSV" on a UK Windows: a £ is 0xA3, an é 0xE9).
 */
export function decodeText(bytes: Buffer): { text: string; encoding: NonNullable<ImportFormat['encoding']> } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: bytes.toString('utf8', 3), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: bytes.toString('utf16le', 2), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1))).swap16();
    return { text: swapped.toString('utf16le'), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isOle = (b: Buffer) => b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;

/** Reads the uploaded bytes into the sheet's rows (blank rows left out), by content, never by name. */
export async function readImportFile(bytes: Buffer): Promise<{ format: ImportFormat; rows: SheetRow[] }> {
  if (bytes.length === 0) throw new ImportRefusal('unreadable', IMPORT_MESSAGES.empty);
  if (isOle(bytes)) throw new ImportRefusal('unsupported', IMPORT_MESSAGES.oldExcel);
  if (isZip(bytes)) return readXlsx(bytes);
  const head = bytes.subarray(0, 5).toString('latin1');
  if (head === '%PDF-') throw new ImportRefusal('unsupported', IMPORT_MESSAGES.onlyCsvOrXlsx);
  const { text, encoding } = decodeText(bytes);
  // NUL is never in text: this is a binary file (an image, an old workbook, a zip under another name).
  if (text.includes('\u0000')) throw new ImportRefusal('unsupported', IMPORT_MESSAGES.onlyCsvOrXlsx);
  try {
    const { delimiter, rows } = parseCsv(text, {
      skipBlankRows: true,
      maxRows: IMPORT_LIMITS.maxRows + 1,
      maxColumns: IMPORT_LIMITS.maxColumns,
    });
    return { format: { kind: 'csv', delimiter, encoding }, rows };
  } catch (error) {
    if (error instanceof ImportFileError) throw new ImportRefusal('unreadable', error.message);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX

function decodeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? '';
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Excel escapes characters XML cannot hold as _xHHHH_ (a line break typed in a cell is a real one). */
const decodeOoxml = (value: string) =>
  decodeXml(value).replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const T = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;

/** The text of a shared or inline string: its runs joined, phonetic guides left out. */
function stringText(xml: string): string {
  let out = '';
  for (const m of xml.replace(PHONETIC, '').matchAll(T)) out += m[1] ?? '';
  return decodeOoxml(out);
}

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? decodeXml(m[1] ?? m[2] ?? '') : undefined;
}

/** Column letters to an index (A is 0). */
function columnIndex(letters: string): number {
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** A number cell as text: whole numbers without exponent or trailing fraction noise (7700900123, not 7.7009E+9). */
function numberText(raw: string): string {
  const n = Number(raw);
  if (!Number.isFinite(n) || raw.trim() === '') return raw;
  const whole = Math.round(n);
  if (Math.abs(n - whole) < 1e-7 && Math.abs(whole) < 1e15) return String(whole);
  return String(n);
}

async function part(
  bytes: Buffer,
  byName: Map<string, ZipEntry>,
  name: string,
  required: boolean,
): Promise<string | null> {
  const entry = byName.get(name.toLowerCase());
  if (!entry) {
    if (required) throw new ImportRefusal('unreadable', SPREADSHEET_PACKAGE.corrupted);
    return null;
  }
  if (entry.size > MAX_PART_BYTES)
    throw new ImportRefusal('unreadable', 'The spreadsheet is too large once unpacked: split it into smaller files.');
  const data = await readPart(entry, bytes.subarray(entry.dataStart, entry.dataEnd), true, SPREADSHEET_PACKAGE);
  if (data[0] === 0xff && data[1] === 0xfe) return data.toString('utf16le', 2);
  return data.toString('utf8').replace(/^\uFEFF/, '');
}

/** The first sheet of a workbook: its name and its part, through the workbook's relationships. */
async function firstSheet(bytes: Buffer, byName: Map<string, ZipEntry>): Promise<{ name: string; path: string }> {
  const workbook = (await part(bytes, byName, 'xl/workbook.xml', true))!;
  const sheet = /<(?:\w+:)?sheet\b([^>]*)\/?>/.exec(workbook);
  const name = sheet ? (attribute(sheet[1]!, 'name') ?? 'Sheet1') : 'Sheet1';
  const rid = sheet ? attribute(sheet[1]!, '(?:\\w+:)?id') : undefined;
  const rels = await part(bytes, byName, 'xl/_rels/workbook.xml.rels', false);
  if (rid && rels) {
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)\/?>/g)) {
      if (attribute(m[1]!, 'Id') !== rid) continue;
      const target = attribute(m[1]!, 'Target') ?? '';
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      if (byName.has(path.toLowerCase())) return { name, path };
    }
  }
  return { name, path: 'xl/worksheets/sheet1.xml' };
}

const ROW = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/;
const INLINE = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/;

/**
 * An .xlsx workbook's first sheet. Cells: shared strings (sharedStrings.xml), inline strings, a
 * formula's cached result (never the formula), booleans as TRUE/FALSE, numbers as Excel stores
 * them (a phone typed as a number is 7700900123: importRow gives it back its 0). Row numbers are the
 * sheet's own.
 */
async function readXlsx(bytes: Buffer): Promise<{ format: ImportFormat; rows: SheetRow[] }> {
  let entries: ZipEntry[];
  try {
    entries = inspectPackage(bytes, SPREADSHEET_PACKAGE);
  } catch (error) {
    if (error instanceof DocxError) throw new ImportRefusal('unreadable', error.message);
    throw error;
  }
  const byName = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  try {
    const sheet = await firstSheet(bytes, byName);
    const sharedXml = await part(bytes, byName, 'xl/sharedStrings.xml', false);
    const shared: string[] = [];
    if (sharedXml)
      for (const m of sharedXml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g))
        shared.push(stringText(m[1] ?? ''));
    const xml = (await part(bytes, byName, sheet.path, true))!;
    const dataStart = xml.search(/<(?:\w+:)?sheetData\b/);
    const data = dataStart < 0 ? '' : xml.slice(dataStart);
    const rows: SheetRow[] = [];
    let filled = 0;
    let lastRow = 0;
    for (const r of data.matchAll(ROW)) {
      const rowNumber = Number(attribute(r[1]!, 'r')) || lastRow + 1;
      lastRow = rowNumber;
      const cells: string[] = [];
      let next = 0;
      for (const c of (r[2] ?? '').matchAll(CELL)) {
        const attrs = c[1]!;
        const ref = /^([A-Za-z]{1,3})\d*$/.exec(attribute(attrs, 'r') ?? '');
        const index = ref ? columnIndex(ref[1]!) : next;
        next = index + 1;
        const inner = c[2] ?? '';
        const type = attribute(attrs, 't') ?? 'n';
        const v = VALUE.exec(inner)?.[1];
        let text: string;
        if (type === 's') text = shared[Number(v)] ?? '';
        else if (type === 'inlineStr') text = stringText(INLINE.exec(inner)?.[1] ?? '');
        else if (type === 'b') text = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
        else if (type === 'n') text = v === undefined ? '' : numberText(decodeXml(v));
        else text = decodeOoxml(v ?? ''); // str (a formula's text), e (an error such as #N/A), d (a date)
        if (text.trim() === '') continue;
        if (index >= IMPORT_LIMITS.maxColumns) throw new ImportRefusal('unreadable', IMPORT_MESSAGES.tooManyColumns);
        while (cells.length < index) cells.push('');
        cells[index] = text;
      }
      if (cells.length === 0) continue;
      filled += 1;
      if (filled > IMPORT_LIMITS.maxRows + 1)
        throw new ImportRefusal('unreadable', IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows, true));
      rows.push({ row: rowNumber, cells });
    }
    return { format: { kind: 'xlsx', sheet: sheet.name }, rows };
  } catch (error) {
    if (error instanceof DocxError) throw new ImportRefusal('unreadable', error.message);
    throw error;
  }
}
