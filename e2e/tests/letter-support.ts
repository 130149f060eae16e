import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT } from '../playwright.config';

/** Shared by the delivery and customers journeys: the operator's CLI, funding, and a real letter. */

const ROOT = path.join(import.meta.dirname, '../..');
export const MM = 72 / 25.4;

/** The server's CLI against the product's embedded database (as an operator runs it). */
export function cli(args: string[]) {
  const out = execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    },
  }).toString();
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

/** Credits the company's balance by bank transfer, as the operator records one. */
export function fund(accountId: string, pounds: string) {
  const recorded = cli([
    'record-transfer',
    '--account',
    accountId,
    '--amount',
    pounds,
    '--reference',
    `BANK-${accountId}-${Date.now()}`,
  ]);
  expect(recorded.amount).toBe(Math.round(Number(pounds) * 100));
}

/**
 * A UK business letter on A4, as a word processor lays it out for a DL window envelope: the
 * letterhead and the date at the right, the recipient's address inside the window (its first line's
 * top 46 mm from the top, 22 mm from the left), then the salutation and body.
 */
export async function businessLetter(address: string[], subjectLine: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([210 * MM, 297 * MM]);
  const at = (text: string, xMm: number, yMm: number, size = 10, f = font) =>
    page.drawText(text, { x: xMm * MM, y: (297 - yMm) * MM, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const right = (text: string, yMm: number, size = 9, f = font) =>
    at(text, 190 - f.widthOfTextAtSize(text, size) / MM, yMm, size, f);
  right('HARBOURSIDE PROPERTY SERVICES LTD', 14, 11, bold);
  right('Unit 4, Spike Island, Cumberland Road', 20);
  right('Bristol BS1 6UX', 24);
  right('0117 496 0123 · lettings@harbourside.example', 28);
  right('Our ref: HPS/2026/1147', 50);
  right('21 November 2026', 55);
  for (const [i, line] of address.entries()) at(line, 22, 49.5 + i * 4.5);
  at(`Dear ${address[0]!.split(' ').slice(0, 1).join(' ')} ${address[0]!.split(' ').at(-1)},`, 22, 100);
  at(subjectLine, 22, 108, 10, bold);
  const body = [
    'Thank you for renewing your tenancy with us. We enclose the signed agreement for your records',
    'together with a statement of the deposit held under the Tenancy Deposit Scheme.',
    '',
    'Your monthly rent remains unchanged and is due on the first working day of each month. If you',
    'have any questions, please call our lettings team on 0117 496 0123, Monday to Friday, 9am to 5pm.',
  ];
  for (const [i, line] of body.entries()) at(line, 22, 118 + i * 5);
  at('Yours sincerely,', 22, 150);
  at('Priya Shah', 22, 170, 10, bold);
  at('Lettings Manager', 22, 175);
  return Buffer.from(await doc.save());
}
