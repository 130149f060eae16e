import { Readable } from 'node:stream';
import { penceToPounds } from '@lp/domain';
import type pg from 'pg';
import type { Where } from '../../platform/list.js';
import { eachTransaction, toTransaction } from './transactions.js';

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/yyyy in UK time. */
export const ukDate = (d: Date) => UK_DATE.format(d);

export const CSV_HEADER = [
  'Date',
  'Time',
  'Type',
  'Description',
  'Item',
  'Details',
  'Amount (£)',
  'Reserved (£)',
  'Balance after (£)',
  'User',
  'User email',
  'Transaction ID',
  'Service ID',
  'Reference',
] as const;

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; a text that a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe.
 */
export function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (fields: string[]) => `${fields.join(',')}\r\n`;

/**
 * The transactions as CSV, streamed in keyset batches oldest first, with Excel's byte order mark so
 * it opens as UTF-8 (names with accents). Read in one repeatable-read snapshot: a movement during
 * the export neither appears half nor moves a row between batches.
 */
export function transactionsCsv(pool: pg.Pool, where: Where): Readable {
  async function* lines(): AsyncGenerator<string> {
    const client = await pool.connect();
    let ok = false;
    try {
      await client.query('begin isolation level repeatable read read only');
      yield `\uFEFF${line(CSV_HEADER.map((h) => csvField(h)))}`;
      let chunk = '';
      for await (const row of eachTransaction(client, where)) {
        const t = toTransaction(row);
        chunk += line([
          csvField(ukDate(t.date)),
          csvField(UK_TIME.format(t.date)),
          csvField(t.type_label),
          csvField(t.description),
          csvField(t.item?.name ?? ''),
          csvField(t.item?.detail ?? ''),
          csvField(penceToPounds(t.amount), false),
          csvField(t.held_delta ? penceToPounds(t.held_delta) : '', false),
          csvField(penceToPounds(t.balance_after), false),
          csvField(t.user_name ?? ''),
          csvField(t.user_email ?? ''),
          csvField(t.id),
          csvField(t.service_uuid ?? ''),
          csvField(t.reference ?? ''),
        ]);
        if (chunk.length > 64 * 1024) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
      await client.query('commit');
      ok = true;
    } finally {
      if (!ok) await client.query('rollback').catch(() => {});
      client.release();
    }
  }
  return Readable.from(lines());
}
