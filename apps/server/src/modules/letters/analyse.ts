import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  ADDRESS_WINDOWS,
  BARCODE_CLEAR_ZONES,
  isClearZoneEmpty,
  isUkPostcodeFormat,
  LETTER_STATUS,
  readAddress,
} from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { PdfError, pageWords, pdfInfo, thumbnail } from './poppler.js';

export const ANALYSE_TASK = 'analyse_letter';
/** Pages above this are refused as hostile rather than analysed. */
export const MAX_PAGES = 2000;

interface Outcome {
  status: string;
  reason: string | null;
  pages?: number;
  name?: string;
  lines?: string[];
  postcode?: string | null;
  thumbnailKey?: string;
}

/** Works out a letter's status from its file (page count, page-1 address, postcode, clear zone, thumbnail). */
export async function analysePdf(
  file: string,
  blobs: BlobStore,
  thumbnailKey: string,
  postcodes: PostcodeService | null = null,
): Promise<Outcome> {
  let info: { pages: number; encrypted: boolean };
  try {
    info = await pdfInfo(file);
  } catch (error) {
    if (error instanceof PdfError && error.kind === 'encrypted')
      return {
        status: LETTER_STATUS.failedToAnalyse,
        reason: 'The PDF is encrypted: save it without a password and upload it again.',
      };
    if (error instanceof PdfError && error.kind === 'unavailable')
      return { status: LETTER_STATUS.failedToAnalyse, reason: error.message };
    return {
      status: LETTER_STATUS.corrupted,
      reason: 'Make sure the file is a standard PDF: re-save it and upload it again.',
    };
  }
  if (info.encrypted)
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: 'The PDF is encrypted: save it without a password and upload it again.',
      pages: info.pages,
    };
  if (info.pages === 0) return { status: LETTER_STATUS.corrupted, reason: 'The PDF has no pages.', pages: 0 };
  if (info.pages > MAX_PAGES)
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: `The PDF has more than ${MAX_PAGES} pages.`,
      pages: info.pages,
    };
  const words = await pageWords(file, 1);
  const local = blobs.localPath(thumbnailKey).replace(/\.jpg$/, '');
  await mkdir(path.dirname(local), { recursive: true });
  // A page that cannot be rendered leaves the letter without a thumbnail, not without an analysis.
  const made = await thumbnail(file, local).then(
    () => true,
    () => false,
  );
  const base = { pages: info.pages, ...(made ? { thumbnailKey } : {}) };
  const reading = readAddress(words, ADDRESS_WINDOWS.DL);
  if (!reading.ok) {
    const reason =
      reading.reason === 'no_text_in_window'
        ? 'No text was found in the address window of page 1.'
        : 'No address lines were found in the address window of page 1.';
    return { status: LETTER_STATUS.failedToAnalyse, reason, ...base };
  }
  const found = { name: reading.name, lines: reading.lines, postcode: reading.postcode };
  if (!reading.postcode || !isUkPostcodeFormat(reading.postcode))
    return {
      status: LETTER_STATUS.invalidPostcode,
      reason: 'The address has no valid UK postcode.',
      ...base,
      ...found,
    };
  // The configured service's answer is the answer. When it cannot be reached the job fails and is
  // retried with backoff; after the last attempt the letter ends in Failed to Analyse.
  if (postcodes && !(await postcodes.validate(reading.postcode))) {
    return {
      status: LETTER_STATUS.invalidPostcode,
      reason: `The postcode ${reading.postcode} does not exist.`,
      ...base,
      ...found,
    };
  }
  if (!isClearZoneEmpty(words, BARCODE_CLEAR_ZONES.DL))
    return {
      status: LETTER_STATUS.barcodeAreaNotEmpty,
      reason: 'Text lies where the postal barcode is printed, above the address.',
      ...base,
      ...found,
    };
  return { status: LETTER_STATUS.analysisComplete, reason: null, ...base, ...found };
}

/** The durable job: analyse, then record the outcome and its history row in one transaction. */
export async function runAnalysis(
  pool: pg.Pool,
  blobs: BlobStore,
  letterId: string,
  postcodes: PostcodeService | null = null,
  isLastAttempt = true,
): Promise<void> {
  const { rows } = await pool.query<{ blob_key: string; account_id: string; status: string }>(
    'select blob_key, account_id, status from letters where id = $1',
    [letterId],
  );
  const letter = rows[0];
  if (!letter || letter.status !== LETTER_STATUS.analysing) return; // deleted or already done: nothing to do
  // Whatever happens (a tool killed at its time limit, a file that crashes it), the letter ends in
  // a named status with a reason: never Processing forever.
  const outcome = await analysePdf(
    blobs.localPath(letter.blob_key),
    blobs,
    `thumbnails/${letterId}.jpg`,
    postcodes,
  ).catch((error: unknown): Outcome => {
    if (!isLastAttempt) throw error; // the queue retries with backoff
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: (error as { killed?: boolean }).killed
        ? 'The file took too long to analyse.'
        : 'The file could not be analysed. Re-save it as a standard PDF and upload it again.',
    };
  });
  await inTransaction(pool, async (client) => {
    await client.query(
      `update letters set status = $2, status_reason = $3, num_pages = $4, recipient_name_snapshot = $5,
              recipient_address_snapshot = $6, postcode = $7, thumbnail_key = $8, updated_at = now()
        where id = $1 and status = $9`,
      [
        letterId,
        outcome.status,
        outcome.reason,
        outcome.pages ?? null,
        outcome.name ?? null,
        outcome.lines ?? null,
        outcome.postcode ?? null,
        outcome.thumbnailKey ?? null,
        LETTER_STATUS.analysing,
      ],
    );
    await client.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
      letterId,
      outcome.status,
      outcome.reason,
    ]);
    await publish(client, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters'] } });
  });
}
