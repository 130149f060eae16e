import { randomUUID } from 'node:crypto';
import {
  automaticMapping,
  csvLine,
  customerMatchKey,
  EXPORT_HEADERS,
  exportValues,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportedCustomer,
  ImportFileError,
  importDuplicateReason,
  importPostcodeReason,
  importRow,
  importTable,
  normalisePreferences,
  resolveMapping,
  type SheetRow,
} from '@lp/domain';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { CustomerRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App } from '../../platform/http.js';
import { errorSchema, fileResponse } from '../../platform/http.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { ImportRefusal, readImportFile } from './import-file.js';
import { NAME_ORDER } from './routes.js';

/**
 * Customer import from a CSV or Excel file, and the export it reads back (issue 12 item 2;
 * docs/decisions/0017-customer-import.md). Preview: the headers, how they map, the first rows.
 * Import: every row under the Add form's rules, postcodes asked for in bulk, then one transaction
 * of set-based statements; a refused row never stops the others, a database error stops all.
 */

const see = { kind: 'member', anyOf: ['see_recipients', 'manage_recipients'] } as const;
const manage = { kind: 'member', anyOf: ['manage_recipients'] } as const;

const fieldSchema = z.enum(IMPORT_FIELDS).nullable();
const formatSchema = z.object({
  kind: z.enum(['csv', 'xlsx']),
  delimiter: z.string().optional(),
  encoding: z.string().optional(),
  sheet: z.string().optional(),
});
const previewSchema = z.object({
  format: formatSchema,
  headers: z.array(z.string()),
  mapping: z.record(z.string(), fieldSchema),
  rows_total: z.number().int(),
  sample: z.array(z.object({ row: z.number().int(), values: z.array(z.string()) })),
});
const reportSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  total: z.number().int(),
});

const ONE_FILE = 'Send one file (the "file" field) and, optionally, the "mapping" field.';

/** The multipart upload: the file's bytes (at most IMPORT_LIMITS.maxFileBytes) and the mapping field's text. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; mapping: string | undefined }> {
  let bytes: Buffer | undefined;
  let mapping: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 4, fieldSize: 512 * 1024, parts: 5 },
    });
    for await (const p of parts) {
      if (p.type === 'file') {
        if (p.fieldname !== 'file') {
          await p.toBuffer();
          continue;
        }
        bytes = await p.toBuffer();
      } else if (p.fieldname === 'mapping' && typeof p.value === 'string') mapping = p.value;
    }
  } catch (error) {
    // A refusal of the input guard (a NUL in a name) keeps its own answer.
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BODY_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('VALIDATION_FAILED', ONE_FILE);
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.attachFile);
  }
  if (!bytes) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.attachFile);
  return { bytes, mapping };
}

/** The sheet's rows, or the refusal as the API says it: 415 for what is not a sheet, 422 for a sheet that cannot be read. */
async function readTable(bytes: Buffer) {
  let rows: SheetRow[];
  let format: Awaited<ReturnType<typeof readImportFile>>['format'];
  try {
    ({ rows, format } = await readImportFile(bytes));
  } catch (error) {
    if (error instanceof ImportRefusal)
      throw new AppError(error.kind === 'unsupported' ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED', error.message);
    throw error;
  }
  try {
    const table = importTable(rows);
    if (table.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
    return { format, ...table };
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
}

type Stored = Pick<
  CustomerRow,
  'id' | 'name' | 'address_lines' | 'postcode' | 'email' | 'phone' | 'communications_preference' | 'match_key'
>;

/** What the customer becomes: the row's values where it has them, what is stored where its cell was blank. */
function merged(stored: Stored | null, c: ImportedCustomer): Omit<Stored, 'id'> {
  const postcode = c.postcode ?? stored?.postcode ?? null;
  return {
    name: c.name,
    address_lines: c.address_lines.length > 0 || !stored ? c.address_lines : stored.address_lines,
    postcode,
    email: c.email ?? stored?.email ?? null,
    phone: c.phone ?? stored?.phone ?? null,
    communications_preference:
      c.communications_preference ?? stored?.communications_preference ?? normalisePreferences([]),
    match_key: customerMatchKey(c.name, postcode),
  };
}

const same = (a: Omit<Stored, 'id'>, b: Stored) =>
  a.name === b.name &&
  a.postcode === b.postcode &&
  a.email === b.email &&
  a.phone === b.phone &&
  a.match_key === b.match_key &&
  a.address_lines.join('\u0000') === b.address_lines.join('\u0000') &&
  a.communications_preference.join('\u0000') === b.communications_preference.join('\u0000');

const RECORD = `r(id text, name text, address_lines text[], postcode text, email text, phone text,
  communications_preference text[], match_key text)`;

export function registerCustomerImportRoutes(app: App, deps: { pool: pg.Pool; postcodes: PostcodeService | null }) {
  const { pool, postcodes } = deps;

  app.post(
    '/api/customers/import/preview',
    {
      schema: {
        tags: ['customers'],
        summary: 'Read a CSV or Excel (.xlsx) file of customers: its columns, how they map to fields, its first rows',
        description:
          'Multipart, field "file" (at most 10 MB; CSV or XLSX told by content). `mapping` is the automatic one: header → field, or null for a column that is not imported.',
        response: { 200: previewSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
      },
      config: { access: manage },
    },
    async (request) => {
      const { bytes } = await readUpload(request);
      const table = await readTable(bytes);
      return {
        format: table.format,
        headers: table.headers,
        mapping: automaticMapping(table.headers),
        rows_total: table.rows.length,
        sample: table.rows.slice(0, 5).map((r) => ({
          row: r.row,
          values: table.headers.map((_, i) => (r.cells[i] ?? '').trim()),
        })),
      };
    },
  );

  app.post(
    '/api/customers/import',
    {
      schema: {
        tags: ['customers'],
        summary: 'Import customers from a CSV or Excel (.xlsx) file, all or nothing',
        description:
          'Multipart: "file", and "mapping" (JSON, header → field or null; headers left out keep the automatic field). A row naming an existing customer (same email, else same name and postcode) updates it; blank cells keep what is stored. Refused rows are listed with their spreadsheet row number (the header is row 1) and reason.',
        response: {
          200: reportSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
          503: errorSchema,
        },
      },
      config: { access: manage },
    },
    async (request) => {
      const auth = request.auth!;
      const started = performance.now();
      const upload = await readUpload(request);
      let given: Record<string, unknown> | undefined;
      if (upload.mapping !== undefined && upload.mapping.trim() !== '') {
        try {
          given = JSON.parse(upload.mapping) as Record<string, unknown>;
        } catch {
          given = undefined;
        }
        if (!given || typeof given !== 'object' || Array.isArray(given))
          throw new AppError(
            'VALIDATION_FAILED',
            'The mapping must be a JSON object of column name → field (or null).',
          );
      }
      const table = await readTable(upload.bytes);
      const resolved = resolveMapping(table.headers, given);
      if ('error' in resolved) throw new AppError('VALIDATION_FAILED', resolved.error);

      // Every row under the Add form's rules.
      const refused: { row: number; reason: string }[] = [];
      let good: { row: number; customer: ImportedCustomer }[] = [];
      for (const [i, r] of table.rows.entries()) {
        // About 12 µs a row: other requests get a turn every thousand.
        if (i > 0 && i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
        const result = importRow(r.cells, resolved.columns);
        if (result.ok) good.push({ row: r.row, customer: result.customer });
        else refused.push({ row: r.row, reason: result.reason });
      }

      // The postcodes that exist, asked for once each, before the transaction.
      if (postcodes) {
        const distinct = [...new Set(good.flatMap((g) => (g.customer.postcode ? [g.customer.postcode] : [])))];
        let exists = new Set<string>();
        if (distinct.length > 0) {
          try {
            exists = await postcodes.validateMany(distinct);
          } catch (error) {
            request.log.warn({ err: error }, 'postcode service failed during an import');
            throw new AppError('UNAVAILABLE', 'The postcodes could not be checked now. Try again in a moment.');
          }
        }
        good = good.filter((g) => {
          if (!g.customer.postcode || exists.has(g.customer.postcode)) return true;
          refused.push({ row: g.row, reason: importPostcodeReason(g.customer.postcode) });
          return false;
        });
      }
      const checkedMs = performance.now() - started;

      const outcome = await inTransaction(pool, async (q) => {
        // One import of a company at a time: two at once would both insert the same new customers.
        await q.query(`select pg_advisory_xact_lock(hashtextextended('customers-import:' || $1, 0))`, [auth.accountId]);
        const emails = [...new Set(good.flatMap((g) => (g.customer.email ? [g.customer.email] : [])))];
        const keys = [...new Set(good.map((g) => g.customer.match_key))];
        const { rows: existing } = await q.query<Stored>(
          `select id, name, address_lines, postcode, email, phone, communications_preference, match_key
             from customers
            where account_id = $1 and (lower(email) = any($2::text[]) or match_key = any($3::text[]))
            order by created_at, id`,
          [auth.accountId, emails, keys],
        );
        const byEmail = new Map<string, Stored>();
        const byKey = new Map<string, Stored>();
        for (const s of existing) {
          if (s.email) byEmail.set(s.email.toLowerCase(), s);
          if (!byKey.has(s.match_key)) byKey.set(s.match_key, s); // the oldest of namesakes at one postcode
        }

        // Each row's customer: an existing one by email, else by name and postcode, else a new one.
        // A later row naming a customer an earlier row of the file already names is refused.
        const emailRow = new Map<string, number>();
        const keyRow = new Map<string, number>();
        const claimed = new Map<string, number>();
        const inserts: Stored[] = [];
        const updates: Stored[] = [];
        let unchanged = 0;
        for (const { row, customer: c } of good) {
          const earlierEmail = c.email ? emailRow.get(c.email) : undefined;
          if (earlierEmail !== undefined) {
            refused.push({ row, reason: importDuplicateReason(earlierEmail, 'email') });
            continue;
          }
          const target = (c.email ? byEmail.get(c.email) : undefined) ?? byKey.get(c.match_key) ?? null;
          const earlier = target ? claimed.get(target.id) : keyRow.get(c.match_key);
          if (earlier !== undefined) {
            const byEmailMatch = !!(c.email && target?.email && target.email.toLowerCase() === c.email);
            refused.push({ row, reason: importDuplicateReason(earlier, byEmailMatch ? 'email' : 'name and postcode') });
            continue;
          }
          const next = merged(target, c);
          if (target) claimed.set(target.id, row);
          if (next.email) emailRow.set(next.email.toLowerCase(), row);
          keyRow.set(c.match_key, row);
          keyRow.set(next.match_key, row);
          if (!target) inserts.push({ id: randomUUID(), ...next });
          else if (same(next, target)) unchanged += 1;
          else updates.push({ id: target.id, ...next });
        }

        try {
          if (inserts.length > 0)
            await q.query(
              `insert into customers (id, account_id, name, address_lines, postcode, email, phone, communications_preference, match_key)
               select r.id, $1, r.name, r.address_lines, r.postcode, r.email, r.phone, r.communications_preference, r.match_key
                 from jsonb_to_recordset($2::jsonb) as ${RECORD}`,
              [auth.accountId, JSON.stringify(inserts)],
            );
          if (updates.length > 0)
            await q.query(
              `update customers c
                  set name = r.name, address_lines = r.address_lines, postcode = r.postcode, email = r.email,
                      phone = r.phone, communications_preference = r.communications_preference,
                      match_key = r.match_key, updated_at = now()
                 from jsonb_to_recordset($2::jsonb) as ${RECORD}
                where c.id = r.id and c.account_id = $1`,
              [auth.accountId, JSON.stringify(updates)],
            );
        } catch (error) {
          const e = error as { code?: string; constraint?: string };
          if (e?.code === '23505' && e.constraint === 'customers_email_idx')
            throw new AppError(
              'CONFLICT',
              'A customer with one of these emails was added while the file was imported: nothing was imported. Import the file again.',
            );
          throw error;
        }
        if (inserts.length + updates.length > 0)
          await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['customers'] } });
        return { imported: inserts.length, updated: updates.length, unchanged };
      });
      refused.sort((a, b) => a.row - b.row);
      request.log.info(
        {
          rows: table.rows.length,
          ...outcome,
          refused: refused.length,
          checkedMs: Math.round(checkedMs),
          ms: Math.round(performance.now() - started),
        },
        'customers imported',
      );
      return { ...outcome, refused, total: table.rows.length };
    },
  );

  app.get(
    '/api/customers/export.csv',
    {
      schema: {
        tags: ['customers'],
        summary: "The company's customers as CSV (UTF-8, Excel's columns of the import; formulas neutralised)",
        response: { 200: fileResponse('The customers', 'text/csv') },
      },
      config: { access: see },
    },
    async (request, reply) => {
      const { rows } = await pool.query<Omit<Stored, 'id' | 'match_key'>>(
        `select name, address_lines, postcode, email, phone, communications_preference
           from customers c where account_id = $1 order by ${NAME_ORDER}`,
        [request.auth!.accountId],
      );
      const lines = [csvLine(EXPORT_HEADERS), ...rows.map((r) => csvLine(exportValues(r)))];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .header('cache-control', 'no-store')
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  );
}
