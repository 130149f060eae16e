import {
  type CommunicationPreference,
  CUSTOMER_MESSAGES,
  customerFieldsSchema,
  customerMatchKey,
  normalisePreferences,
} from './customers.js';
import { MESSAGES } from './messages.js';
import { normalisePostcode } from './postcode.js';
import { UK_PHONE_PATTERN } from './validation.js';

/**
 * Customer import from a spreadsheet (issue 12 item 2; docs/decisions/0017-customer-import.md):
 * a CSV reader (RFC 4180 as Excel, Google Sheets and LibreOffice write it), column headers matched
 * to the customer's fields, and each row turned into a customer under the same rules as the Add
 * form. Values are text, stored exactly as read (a formula is never evaluated); csvSafeCell
 * neutralises them when they are exported again.
 */

export const IMPORT_LIMITS = {
  /** The file as uploaded. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Customers (non-blank rows under the header) in one file. */
  maxRows: 50_000,
  /** Columns read; a value further right refuses the file. */
  maxColumns: 100,
} as const;

export const IMPORT_MESSAGES = {
  tooLarge: `A file to import can be at most ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
  tooManyRows: (n: number, more = false) =>
    `The file has ${more ? 'more than ' : ''}${n.toLocaleString('en-GB')} customers; at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} can be imported at once. Split it into smaller files.`,
  tooManyColumns: `The file has more than ${IMPORT_LIMITS.maxColumns} columns.`,
  onlyCsvOrXlsx: 'Only CSV or Excel (.xlsx) files can be imported.',
  oldExcel:
    'Excel 97-2003 workbooks (.xls) cannot be read: save it as "Excel Workbook (.xlsx)" or "CSV UTF-8", then import it.',
  empty: 'The file is empty: its first row should name the columns (Name, Address line 1, Postcode, Email...).',
  noRows: 'The file has column names but no customers under them.',
  noName: 'No column holds the customers’ names: choose Name (or First name and Last name) for one of the columns.',
  unclosedQuote: (row: number) => `Row ${row} opens a quote (") that is never closed.`,
  attachFile: 'Attach the file to import as the "file" field.',
} as const;

/** What a column can be imported as; town and county become the last address lines. */
export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'address_line_4',
  'town',
  'county',
  'postcode',
  'email',
  'phone',
  'preferences',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  address_line_3: 'Address line 3',
  address_line_4: 'Address line 4',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
  email: 'Email',
  phone: 'Phone',
  preferences: 'Communication preferences',
};

export function isImportField(value: unknown): value is ImportField {
  return typeof value === 'string' && (IMPORT_FIELDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// CSV

/** One row of a sheet: its number as the spreadsheet shows it (the first row is 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export class ImportFileError extends Error {}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV: Excel's "sep=" first line when there is one, else the one of comma,
 * semicolon (Excel in much of Europe) or tab (Excel's "Unicode text") seen most often in the
 * first line outside quotes; a comma when none is.
 */
export function detectDelimiter(text: string): string {
  const hint = /^\uFEFF?sep=(.)\r?\n/i.exec(text);
  if (hint) return hint[1]!;
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const n = counts.get(d) ?? 0;
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

/**
 * Reads a CSV (RFC 4180): a byte-order mark is skipped, records end in CRLF, LF or CR, a quoted
 * field holds delimiters, line breaks and doubled quotes. Leniencies of real files: a quote inside
 * an unquoted field is kept as text, text after a closing quote joins the field. A quote that is
 * never closed refuses the file (ImportFileError) rather than swallowing every row after it.
 * An Excel "sep=" first line is read and skipped (Excel does not show it as a row).
 *
 * Options bound what a hostile file costs: `skipBlankRows` keeps only rows with a value (their
 * numbers stay right), `maxRows` stops past that many of them (the header included; ImportFileError), `maxColumns` drops
 * empty cells past it and refuses a value there.
 */
export function parseCsv(
  input: string,
  options: { delimiter?: string; skipBlankRows?: boolean; maxRows?: number; maxColumns?: number } = {},
): { delimiter: string; rows: SheetRow[] } {
  const delimiter = options.delimiter ?? detectDelimiter(input);
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const maxColumns = options.maxColumns ?? Number.POSITIVE_INFINITY;
  let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const hint = /^sep=.\r?\n/i.exec(text);
  if (hint) text = text.slice(hint[0].length);
  const rows: SheetRow[] = [];
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  let cells: string[] = [];
  let row = 1;
  let i = 0;
  let filled = 0;
  const push = () => {
    const blank = cells.every((c) => c.trim() === '');
    if (!blank) filled += 1;
    if (filled > maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows, true));
    if (!blank || !options.skipBlankRows) rows.push({ row, cells });
  };
  if (n === 0) return { delimiter, rows };
  for (;;) {
    // One field from i.
    let value: string;
    if (text.charCodeAt(i) === 34) {
      const parts: string[] = [];
      let start = i + 1;
      for (;;) {
        const q = text.indexOf('"', start);
        if (q < 0) throw new ImportFileError(IMPORT_MESSAGES.unclosedQuote(row));
        parts.push(text.slice(start, q));
        if (text.charCodeAt(q + 1) === 34) {
          parts.push('"');
          start = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Text between the closing quote and the next delimiter or line end joins the field.
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === d || c === 10 || c === 13) break;
        j += 1;
      }
      if (j > i) parts.push(text.slice(i, j));
      value = parts.join('');
      i = j;
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === d || c === 10 || c === 13) break;
        j += 1;
      }
      value = text.slice(i, j);
      i = j;
    }
    if (cells.length < maxColumns) cells.push(value);
    else if (value.trim() !== '') throw new ImportFileError(IMPORT_MESSAGES.tooManyColumns);
    if (i >= n) {
      push();
      break;
    }
    const c = text.charCodeAt(i);
    if (c === d) {
      i += 1;
      continue;
    }
    // A line break ends the record; a file's last line break ends nothing more.
    i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    push();
    // Quoted fields with line breaks are one spreadsheet row, so the count follows records.
    row += 1;
    cells = [];
    if (i >= n) break;
  }
  return { delimiter, rows };
}

// ---------------------------------------------------------------------------------------------
// Formula injection (OWASP "CSV injection")

/**
 * A value made safe to put in a spreadsheet: one that starts with = + - @, a tab or a carriage
 * return would be read as a formula by Excel, LibreOffice or Google Sheets, so it gets a leading
 * apostrophe (shown as text, never evaluated). Everything else is unchanged.
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised (csvSafeCell), then quoted when it holds a quote, delimiter or line break. */
export function csvField(value: string | null | undefined, delimiter = ','): string {
  const safe = csvSafeCell(value ?? '');
  return safe.includes('"') || safe.includes(delimiter) || /[\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line (without its line break) of neutralised fields. */
export function csvLine(values: readonly (string | null | undefined)[], delimiter = ','): string {
  return values.map((v) => csvField(v, delimiter)).join(delimiter);
}

// ---------------------------------------------------------------------------------------------
// Headers

/** Header words (lower-case, accents, spaces and punctuation removed) to the field they name. */
const SYNONYMS: Record<ImportField, string[]> = {
  name: [
    'name',
    'fullname',
    'customer',
    'customername',
    'customerfullname',
    'recipient',
    'recipientname',
    'contact',
    'contactname',
    'client',
    'clientname',
    'addressee',
    'displayname',
  ],
  first_name: ['firstname', 'forename', 'forenames', 'givenname', 'first'],
  last_name: ['lastname', 'surname', 'familyname', 'last'],
  address_line_1: [
    'address',
    'address1',
    'addressline1',
    'addressl1',
    'addr1',
    'add1',
    'line1',
    'street',
    'streetaddress',
    'street1',
    'firstlineofaddress',
    'address1street',
  ],
  address_line_2: ['address2', 'addressline2', 'addressl2', 'addr2', 'add2', 'line2', 'street2'],
  address_line_3: [
    'address3',
    'addressline3',
    'addressl3',
    'addr3',
    'add3',
    'line3',
    'street3',
    'locality',
    'district',
    'area',
    'village',
  ],
  address_line_4: ['address4', 'addressline4', 'addressl4', 'addr4', 'add4', 'line4'],
  town: ['town', 'city', 'towncity', 'citytown', 'townorcity', 'cityortown', 'posttown'],
  county: ['county', 'region', 'countyregion', 'countystate', 'state'],
  postcode: ['postcode', 'postalcode', 'zip', 'zipcode', 'postcodezip', 'zippostalcode', 'zippostcode'],
  email: ['email', 'emailaddress', 'emails', 'email1', 'primaryemail', 'emailaddress1'],
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'telephone',
    'telephonenumber',
    'tel',
    'telno',
    'mobile',
    'mobilenumber',
    'mobilephone',
    'mobileno',
    'mob',
    'cell',
    'cellphone',
    'contactnumber',
    'phone1',
    'smsnumber',
  ],
  preferences: [
    'preferences',
    'preference',
    'communicationpreferences',
    'communicationspreferences',
    'communicationpreference',
    'communicationspreference',
    'contactby',
    'contactpreference',
    'contactpreferences',
    'contactmethod',
    'preferredcontact',
    'preferredcontactmethod',
    'channels',
    'channel',
    'sendby',
    'deliverby',
    'deliverypreference',
    'deliverypreferences',
  ],
};
const BY_WORDS = new Map(
  (Object.entries(SYNONYMS) as [ImportField, string[]][]).flatMap(([field, words]) =>
    words.map((w) => [w, field] as const),
  ),
);

/** Lower-case ASCII letters and digits only ("E-mail" and "e mail" are both "email"). */
function compact(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** The field a column header names ("Full name", "Town/City", "Post code", "E-mail", "Contact by"); null when none. */
export function matchHeader(header: string): ImportField | null {
  return BY_WORDS.get(compact(header)) ?? null;
}

/** The spreadsheet's name of a column: A, B, ... Z, AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The columns' names as the mapping knows them: the header, "Column C" when it is blank, "Email (2)" for a repeat. */
export function headerKeys(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((raw, i) => {
    const base = raw.replace(/\s+/g, ' ').trim() || `Column ${columnName(i)}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export type ImportMapping = Record<string, ImportField | null>;

const ADDRESS_LINES: ImportField[] = ['address_line_1', 'address_line_2', 'address_line_3', 'address_line_4'];

/**
 * The automatic mapping: each header by its words; a second column naming an address line that is
 * taken goes to the next free one ("Address", "Address", "Address" are lines 1, 2 and 3). Other
 * fields may be named twice ("Mobile" and "Telephone"): the first value a row has is used.
 */
export function automaticMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  for (const h of headers) {
    let field = matchHeader(h.replace(/ \(\d+\)$/, ''));
    if (field && ADDRESS_LINES.includes(field) && taken.has(field))
      field = ADDRESS_LINES.slice(ADDRESS_LINES.indexOf(field) + 1).find((l) => !taken.has(l)) ?? null;
    if (field) taken.add(field);
    mapping[h] = field;
  }
  return mapping;
}

/**
 * The mapping to import with: the automatic one, with the given choices over it (a header left out
 * keeps its automatic field; null or "" ignores the column). Unknown headers or fields are errors.
 */
export function resolveMapping(
  headers: readonly string[],
  given: Record<string, unknown> | undefined,
): { columns: (ImportField | null)[]; mapping: ImportMapping } | { error: string } {
  const mapping = automaticMapping(headers);
  for (const [header, field] of Object.entries(given ?? {})) {
    if (!Object.hasOwn(mapping, header)) return { error: `The file has no column "${header.slice(0, 80)}".` };
    if (field === null || field === '') mapping[header] = null;
    else if (isImportField(field)) mapping[header] = field;
    else return { error: `"${String(field).slice(0, 40)}" is not a field a column can be imported as.` };
  }
  const columns = headers.map((h) => mapping[h] ?? null);
  if (!columns.some((f) => f === 'name' || f === 'first_name' || f === 'last_name'))
    return { error: IMPORT_MESSAGES.noName };
  return { columns, mapping };
}

// ---------------------------------------------------------------------------------------------
// Table

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The header (the first row that is not blank) and the customers' rows under it; blank rows are
 * left out (they keep their place in the numbering). Columns: as far right as a header or a value
 * goes, at most IMPORT_LIMITS.maxColumns.
 */
export function importTable(rows: readonly SheetRow[]): { headers: string[]; rows: SheetRow[] } {
  const start = rows.findIndex((r) => !isBlank(r.cells));
  if (start < 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const data = rows.slice(start + 1).filter((r) => !isBlank(r.cells));
  if (data.length > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(data.length));
  const lastFilled = (cells: readonly string[]) => {
    for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i]!.trim() !== '') return i;
    return -1;
  };
  let width = lastFilled(rows[start]!.cells) + 1;
  for (const r of data) width = Math.max(width, lastFilled(r.cells) + 1);
  if (width > IMPORT_LIMITS.maxColumns) throw new ImportFileError(IMPORT_MESSAGES.tooManyColumns);
  const header = Array.from({ length: width }, (_, i) => rows[start]!.cells[i] ?? '');
  return { headers: headerKeys(header), rows: data };
}

// ---------------------------------------------------------------------------------------------
// Rows

/** A row as it will be stored; null (or no lines) where its cell was blank, so an update keeps what is there. */
export interface ImportedCustomer {
  name: string;
  address_lines: string[];
  /** Normalised ("BS8 2QT"). */
  postcode: string | null;
  /** Lower-case. */
  email: string | null;
  phone: string | null;
  communications_preference: CommunicationPreference[] | null;
  /** customerMatchKey(name, postcode) with this row's postcode. */
  match_key: string;
}

export type ImportRowResult = { ok: true; customer: ImportedCustomer } | { ok: false; reason: string };

/**
 * A cell as stored: trimmed, and two spreadsheet idioms undone. Excel's ="0770..." (text forced
 * through a formula) is its text; an apostrophe that csvSafeCell put before = + - @ goes, so a file
 * exported here imports back as it was. Nothing else is interpreted: "=HYPERLINK(...)" is text.
 */
export function cellText(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  const forced = /^="([^"]*)"$/.exec(v);
  if (forced) return forced[1]!.trim();
  if (/^'[=+\-@\t\r]/.test(v)) return v.slice(1);
  return v;
}

const PREFERENCE_WORDS: Record<string, CommunicationPreference> = {
  mail: 'Mail',
  post: 'Mail',
  postal: 'Mail',
  bypost: 'Mail',
  letter: 'Mail',
  letters: 'Mail',
  print: 'Mail',
  printed: 'Mail',
  email: 'Email',
  emails: 'Email',
  byemail: 'Email',
  sms: 'SMS',
  text: 'SMS',
  texts: 'SMS',
  textmessage: 'SMS',
  bytext: 'SMS',
  cloud: 'Cloud storage',
  cloudstorage: 'Cloud storage',
  cloudlink: 'Cloud storage',
};

/**
 * Preferences written as text: "Mail; SMS", "email, post", "Email and text" (commas, semicolons,
 * slashes, pipes, plus or "and" between them, any case). Blank is null (none given); a word that
 * is not a preference is an error naming it.
 */
export function parsePreferences(text: string): { preferences: CommunicationPreference[] | null } | { error: string } {
  const words = text
    .split(/[,;/|+&\n]|\band\b/i)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0 || words.every((w) => /^(none|-|n\/a)$/i.test(w))) return { preferences: null };
  const out: CommunicationPreference[] = [];
  for (const w of words) {
    const p = PREFERENCE_WORDS[compact(w)];
    if (!p) return { error: `"${w.slice(0, 40)}" is not a preference (Mail, Email, SMS or Cloud storage)` };
    out.push(p);
  }
  return { preferences: normalisePreferences(out) };
}

/**
 * A phone number as spreadsheets leave it, made into what the UK rule reads: a number stored as a
 * number lost its leading 0 (7700900123 is 07700900123) or its + (447700900123 is +447700900123);
 * "+44 (0)" is +44; brackets, dashes and dots between the digits go. Anything else stays as typed.
 */
export function repairPhone(input: string): string {
  const p = input.trim();
  if (p === '' || UK_PHONE_PATTERN.test(p.replace(/\s+/g, ''))) return p;
  const cleaned = p
    .replace(/^\+44\s*\(0\)\s*/, '+44 ')
    .replace(/[-().]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const digits = cleaned.replace(/\s+/g, '');
  if (/^[1-9]\d{8,9}$/.test(digits)) return `0${digits}`;
  if (/^44[1-9]\d{8,9}$/.test(digits)) return `+${digits}`;
  return UK_PHONE_PATTERN.test(digits) ? cleaned : p;
}

const MESSAGES_NUL = 'Text must not contain the NUL character.';
const ADDRESS_FIELDS: readonly ImportField[] = [
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'address_line_4',
  'town',
  'county',
];
const MAX_ADDRESS_LINES = 6;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  address_lines: 'Address',
  postcode: 'Postcode',
  email: 'Email',
  phone: 'Phone',
  communications_preference: 'Communication preferences',
};

/** "Postcode - Invalid Postcode (BS8)": the field, the Add form's message, and the value when it helps. */
function reason(field: string, message: string, value?: string): string {
  const shown =
    value === undefined || value === '' ? '' : ` (${value.length > 60 ? `${value.slice(0, 57)}...` : value})`;
  return `${field} - ${message}${shown}`;
}

/**
 * One row as a customer, under the Add form's rules (customerFieldsSchema): the name is required
 * (the Name column, or First name and Last name joined), the address lines in order (lines 1-4,
 * then town, then county, blanks dropped; a cell with line breaks gives one line each, at most 6), postcode, email and phone checked; preferences read by
 * parsePreferences. Whether the postcode exists is asked afterwards, for all rows at once.
 */
export function importRow(cells: readonly string[], columns: readonly (ImportField | null)[]): ImportRowResult {
  const values = new Map<ImportField, string>();
  for (let i = 0; i < columns.length; i += 1) {
    const field = columns[i];
    if (!field) continue;
    let v = cellText(cells[i]);
    if (v.includes('\u0000')) return { ok: false, reason: `${IMPORT_FIELD_LABELS[field]} - ${MESSAGES_NUL}` };
    // A line break typed in a cell: between address lines it separates them, elsewhere it is a space.
    if (!ADDRESS_FIELDS.includes(field) && field !== 'preferences') v = v.replace(/\s*[\r\n]+\s*/g, ' ');
    // Two columns for one field: the first value the row has.
    if (v !== '' && !values.get(field)) values.set(field, v);
  }
  const get = (f: ImportField) => values.get(f) ?? '';
  const name = get('name') || [get('first_name'), get('last_name')].filter(Boolean).join(' ');
  const lines = ADDRESS_FIELDS.flatMap((f) =>
    get(f)
      .split(/\r\n|\r|\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const prefs = parsePreferences(get('preferences'));
  const errors: string[] = [];
  if ('error' in prefs) errors.push(reason(FIELD_LABELS.communications_preference!, prefs.error));
  const phone = repairPhone(get('phone'));
  const input = {
    name,
    address_lines: lines,
    postcode: get('postcode'),
    email: get('email'),
    phone,
    communications_preference: 'preferences' in prefs ? (prefs.preferences ?? []) : [],
  };
  const parsed = customerFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const label =
        key === 'address_lines' && typeof issue.path[1] === 'number'
          ? `Address line ${issue.path[1] + 1}`
          : (FIELD_LABELS[key] ?? key);
      const message =
        issue.code === 'too_big' && typeof issue.maximum === 'number'
          ? issue.origin === 'array'
            ? `Must have at most ${MAX_ADDRESS_LINES} lines`
            : MESSAGES.maxLength(issue.maximum)
          : issue.message;
      const value = key === 'postcode' || key === 'email' || key === 'phone' ? input[key] : undefined;
      errors.push(reason(label, message, value));
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, reason: [...new Set(errors)].join('; ') };
  const f = parsed.data;
  const postcode = f.postcode ? normalisePostcode(f.postcode) : null;
  return {
    ok: true,
    customer: {
      name: f.name,
      address_lines: f.address_lines.filter(Boolean),
      postcode,
      email: f.email ? f.email.toLowerCase() : null,
      phone: f.phone || null,
      communications_preference: 'preferences' in prefs ? prefs.preferences : null,
      match_key: customerMatchKey(f.name, postcode),
    },
  };
}

/** The reason of a row whose postcode has the right shape but does not exist. */
export const importPostcodeReason = (postcode: string) => reason('Postcode', CUSTOMER_MESSAGES.postcode, postcode);

/** The reason of a row that names the same customer as an earlier row of the file. */
export const importDuplicateReason = (row: number, by: 'email' | 'name and postcode') =>
  `Same ${by} as row ${row}: a customer is imported once per file`;

/** The columns of GET /api/customers/export.csv; its lines import back as they were. */
export const EXPORT_HEADERS = [
  'Name',
  'Address line 1',
  'Address line 2',
  'Address line 3',
  'Address line 4',
  'Town',
  'County',
  'Postcode',
  'Email',
  'Phone',
  'Communication preferences',
] as const;

/**
 * A stored customer as an export line's values. The last address line is the town (the UK's
 * convention: post town before the postcode); a sixth line is the county. Reading the line back
 * (lines 1-4, town, county) gives the same lines in the same order.
 */
export function exportValues(c: {
  name: string;
  address_lines: readonly string[];
  postcode: string | null;
  email: string | null;
  phone: string | null;
  communications_preference: readonly string[];
}): string[] {
  const lines = c.address_lines.filter((l) => l.trim() !== '');
  let town = '';
  let county = '';
  let rest = lines;
  if (lines.length === 6) [rest, town, county] = [lines.slice(0, 4), lines[4]!, lines[5]!];
  else if (lines.length > 0) [rest, town] = [lines.slice(0, -1), lines.at(-1)!];
  return [
    c.name,
    rest[0] ?? '',
    rest[1] ?? '',
    rest[2] ?? '',
    rest[3] ?? '',
    town,
    county,
    c.postcode ?? '',
    c.email ?? '',
    c.phone ?? '',
    c.communications_preference.join('; '),
  ];
}
