import { readFile } from 'node:fs/promises';
import { formatPounds } from '@lp/domain';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type pg from 'pg';
import type { AccountRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { loadFontkit, sheetFontFile } from '../../platform/fonts.js';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';
import { eachTransaction, type Transaction, toTransaction, transactionsWhere } from './transactions.js';
import { ukDate } from './transactions-csv.js';

/** The most transactions a statement lists (about 220 pages); a busier month is exported as CSV. */
export const STATEMENT_MAX_ROWS = 10_000;

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface StatementData {
  company: { name: string; reference: string };
  /** yyyy-mm */
  month: string;
  start: Date;
  end: Date;
  opening: number;
  closing: number;
  rows: Array<Transaction & { running: number }>;
}

/**
 * A month of the company's money (UK time): the opening balance (every entry before the month),
 * each transaction as the list folds them with the balance after it, and the closing balance
 * (the opening and the month's amounts: exact by construction, as the ledger's own balance is).
 */
export async function statementData(pool: pg.Pool, accountId: string, month: string): Promise<StatementData> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: bounds } = await client.query<{ start: Date; end: Date; now: Date }>(
      `select ($1::date)::timestamp at time zone 'Europe/London' as start,
              ($1::date + interval '1 month')::timestamp at time zone 'Europe/London' as end, now() as now`,
      [`${month}-01`],
    );
    const { start, end, now } = bounds[0]!;
    if (start > now)
      throw new AppError('VALIDATION_FAILED', 'There is no statement for a month that has not started.', [
        { path: 'month', message: 'There is no statement for a month that has not started.' },
      ]);
    const { rows: account } = await client.query<Pick<AccountRow, 'name' | 'reference'>>(
      'select name, reference from accounts where id = $1',
      [accountId],
    );
    const { rows: before } = await client.query<{ sum: string }>(
      'select coalesce(sum(amount_pence), 0)::int8 as sum from ledger_entries where account_id = $1 and created_at < $2',
      [accountId, start],
    );
    const opening = Number(before[0]!.sum);
    const { where } = transactionsWhere(accountId, { search: '' });
    where.add('e.created_at >= ?', start).add('e.created_at < ?', end);
    const rows: StatementData['rows'] = [];
    let running = opening;
    for await (const r of eachTransaction(client, where, 1000)) {
      if (rows.length >= STATEMENT_MAX_ROWS)
        throw new AppError(
          'VALIDATION_FAILED',
          `This month has more than ${STATEMENT_MAX_ROWS} transactions: export them as CSV instead.`,
          [{ path: 'month', message: 'Too many transactions for one statement.' }],
        );
      const t = toTransaction(r);
      running += t.amount;
      rows.push({ ...t, running });
    }
    await client.query('commit');
    return {
      company: { name: account[0]!.name, reference: account[0]!.reference },
      month,
      start,
      end,
      opening,
      closing: running,
      rows,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const mm = 72 / 25.4;
const PAGE = { width: 210 * mm, height: 297 * mm };
const LEFT = 15 * mm;
const RIGHT = PAGE.width - 15 * mm;
const GREY = rgb(0.35, 0.35, 0.35);

/** What a statement row says: the description, what it paid for, and a reservation's amount. */
function rowText(t: Transaction): { what: string; detail: string } {
  const detail = [
    t.item?.name !== undefined && !t.description.includes(t.item.name) ? t.item.name : null,
    t.item?.detail,
  ]
    .filter(Boolean)
    .join(' · ');
  const reserved =
    t.type === 'hold'
      ? `Reserved ${formatPounds(t.held_delta)}`
      : t.type === 'release'
        ? `Released ${formatPounds(-t.held_delta)}`
        : '';
  return { what: t.description, detail: [reserved, detail].filter(Boolean).join(' · ') };
}

/** The statement as an A4 PDF, set in the app's sheet font (platform/fonts.ts) when the system has it. */
export async function statementPdf(s: StatementData): Promise<Uint8Array> {
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const fontFile = sheetFontFile();
  const font: PDFFont = fontFile
    ? await doc.embedFont(await readFile(fontFile), { subset: true })
    : await doc.embedFont(StandardFonts.Helvetica);
  // A system font covers every name (accents, Welsh, curly quotes); the standard font only Latin-1.
  const safe = (t: string) => (fontFile ? t : t.replace(/[^\x20-\xff]/g, '?'));
  const fit = (t: string, size: number, width: number) => {
    let text = safe(t);
    if (font.widthOfTextAtSize(text, size) <= width) return text;
    while (text.length > 1 && font.widthOfTextAtSize(`${text}…`, size) > width) text = text.slice(0, -1);
    return fontFile ? `${text}…` : `${text}...`;
  };
  const monthName = MONTH_NAME.format(new Date(`${s.month}-01T00:00:00Z`));
  const lastDay = new Date(s.end.getTime() - 1);
  doc.setTitle(`Statement ${monthName}: ${s.company.name}`);
  doc.setProducer('Letterpost');

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const text = (t: string, x: number, size = 9, color = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(t, { x, y, size, font, color });
  const right = (t: string, x: number, size = 9) => text(t, x - font.widthOfTextAtSize(t, size), size);
  const COLS = { date: LEFT, what: LEFT + 22 * mm, amount: RIGHT - 28 * mm, balance: RIGHT };
  const tableHead = () => {
    text('Date', COLS.date, 8, GREY);
    text('Description', COLS.what, 8, GREY);
    right('Amount', COLS.amount, 8);
    right('Balance', COLS.balance, 8);
    y -= 2 * mm;
    page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.5, color: GREY });
    y -= 5 * mm;
  };
  const newPage = (first: boolean) => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - 20 * mm;
    if (first) {
      text(safe(s.company.name), LEFT, 16);
      y -= 7 * mm;
      text(`Account ID ${s.company.reference}`, LEFT, 10, GREY);
      y -= 12 * mm;
      text(`Statement for ${monthName}`, LEFT, 14);
      y -= 6 * mm;
      text(`${ukDate(s.start)} to ${ukDate(lastDay)} (UK time)`, LEFT, 9, GREY);
      y -= 10 * mm;
      text('Opening balance', LEFT, 11);
      right(formatPounds(s.opening), RIGHT, 11);
      y -= 10 * mm;
    } else {
      text(safe(`${s.company.name} · ${s.company.reference} · Statement for ${monthName}`), LEFT, 8, GREY);
      y -= 8 * mm;
    }
    tableHead();
  };
  newPage(true);
  if (s.rows.length === 0) {
    text('No transactions this month.', COLS.what, 9, GREY);
    y -= 8 * mm;
  }
  for (const t of s.rows) {
    const { what, detail } = rowText(t);
    const need = detail ? 9 * mm : 5.5 * mm;
    if (y - need < 25 * mm) newPage(false);
    text(ukDate(t.date), COLS.date);
    // A release's own description already says so ("Released: Post: …").
    const line = t.type === 'release' && /^released/i.test(what) ? what : `${t.type_label}: ${what}`;
    text(fit(line, 9, COLS.amount - COLS.what - 26 * mm), COLS.what);
    right(t.amount === 0 ? '—' : formatPounds(t.amount), COLS.amount);
    right(formatPounds(t.running), COLS.balance);
    if (detail) {
      y -= 4 * mm;
      text(fit(detail, 7.5, COLS.amount - COLS.what - 26 * mm), COLS.what, 7.5, GREY);
    }
    y -= 5.5 * mm;
  }
  if (y < 35 * mm) newPage(false);
  y -= 2 * mm;
  page.drawLine({ start: { x: LEFT, y: y + 4 * mm }, end: { x: RIGHT, y: y + 4 * mm }, thickness: 0.5 });
  y -= 2 * mm;
  text('Closing balance', LEFT, 11);
  right(formatPounds(s.closing), RIGHT, 11);
  y -= 8 * mm;
  text(
    'Amounts are in pounds sterling. Reservations hold money for work charged later and change the balance only when charged.',
    LEFT,
    7.5,
    GREY,
  );
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: RIGHT - font.widthOfTextAtSize(label, 8),
      y: 12 * mm,
      size: 8,
      font,
      color: GREY,
    });
  });
  return doc.save();
}

export async function monthlyStatement(pool: pg.Pool, accountId: string, month: string): Promise<Uint8Array> {
  return statementPdf(await statementData(pool, accountId, month));
}
