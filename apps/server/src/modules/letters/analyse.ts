import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type AddressLine,
  type Box,
  centreInside,
  checkWindow,
  customerMatchKey,
  DEFAULT_TEMPLATE,
  grow,
  isUkPostcodeFormat,
  LETTER_STATUS,
  NO_ADDRESS_REASONS,
  noBarcodeRoomReason,
  outsideWindowReason,
  readForeignAddress,
  readingArea,
  readRecipient,
  type TextItem,
  unionBox,
  visibleWords,
  type WindowCheck,
  type WindowLayout,
  windowNotClearReason,
  windowOthers,
} from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import { step } from '../../platform/steps.js';
import { TASKS } from '../../platform/tasks.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { AddressSheetError, prependAddressSheet, resetAddress } from './address-sheet.js';
import { type ConvertOptions, DocxError, docxToPdf } from './docx.js';
import { letterAnalysed } from './hooks.js';
import { letterEventData } from './letter-event.js';
import { loadLetterForJob } from './load-letter-for-job.js';
import { OCR_CONFIDENT, type OcrWord, ocrWords } from './ocr.js';
import { inkCells, MAX_PAGE_SIDE_MM, PdfError, pageWords, pdfInfo, thumbnail } from './poppler.js';
import { recordLetterStatus } from './record-letter-status.js';

export const ANALYSE_TASK = TASKS.analyseLetter;
/** Pages above this are refused as hostile rather than analysed. */
export const MAX_PAGES = 2000;

interface Outcome {
  status: string;
  reason: string | null;
  pages?: number;
  name?: string;
  lines?: string[];
  postcode?: string | null;
  /** A recipient abroad: the country of the address's last line (ISO code); absent for the UK. */
  country?: string | null;
  thumbnailKey?: string;
  /** Page 1 around the address: the window, the address, the barcode's place and what is in the way. */
  layout?: WindowLayout;
  /** How the recipient was read (the text layer or OCR), and OCR's confidence. */
  addressSource?: 'text' | 'ocr';
  ocrConfidence?: number | null;
}

/** A recipient a person corrected or confirmed: it is what the letter records and prints. */
export interface GivenRecipient {
  name: string;
  lines: string[];
  postcode: string | null;
  source: 'corrected';
}

const ENCRYPTED = 'The PDF is encrypted: save it without a password and upload it again.';

/** The outcome of a file that poppler could not read, by why. */
function pdfFailure(error: PdfError, pages?: number): Outcome {
  const extra = pages === undefined ? {} : { pages };
  if (error.kind === 'encrypted') return { status: LETTER_STATUS.failedToAnalyse, reason: ENCRYPTED, ...extra };
  if (error.kind === 'corrupted')
    return {
      status: LETTER_STATUS.corrupted,
      reason: 'Make sure the file is a standard PDF: re-save it and upload it again.',
      ...extra,
    };
  // unavailable, timeout, memory: the message says which.
  return { status: LETTER_STATUS.failedToAnalyse, reason: error.message, ...extra };
}

/** Works out a letter's status from its file (page count, page-1 address, postcode, clear zone, thumbnail). */
export async function analysePdf(
  file: string,
  blobs: BlobStore,
  thumbnailKey: string,
  postcodes: PostcodeService | null = null,
  given: GivenRecipient | null = null,
  hidden: readonly TextItem[] = [],
): Promise<Outcome> {
  let info: Awaited<ReturnType<typeof pdfInfo>>;
  try {
    info = await pdfInfo(file, MAX_PAGES);
  } catch (error) {
    if (error instanceof PdfError) return pdfFailure(error);
    throw error;
  }
  if (info.encrypted) return { status: LETTER_STATUS.failedToAnalyse, reason: ENCRYPTED, pages: info.pages };
  if (info.pages === 0) return { status: LETTER_STATUS.corrupted, reason: 'The PDF has no pages.', pages: 0 };
  if (info.pages > MAX_PAGES)
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: `The PDF has more than ${MAX_PAGES} pages.`,
      pages: info.pages,
    };
  // A page of no size is how poppler reports a page it could not find (a page tree that loops).
  if (info.sizes.some((p) => p.widthMm <= 0 || p.heightMm <= 0))
    return { ...pdfFailure(new PdfError('corrupted', 'A page has no size.')), pages: info.pages };
  const huge = info.sizes.findIndex((p) => Math.max(p.widthMm, p.heightMm) > MAX_PAGE_SIDE_MM);
  if (huge >= 0) {
    const { widthMm, heightMm } = info.sizes[huge]!;
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: `Page ${huge + 1} is ${Math.round(widthMm)} x ${Math.round(heightMm)} mm: pages can be at most ${MAX_PAGE_SIDE_MM} mm on a side.`,
      pages: info.pages,
    };
  }
  // Once the file is known to be a sane PDF, its three page-1 reads run side by side (the words,
  // the window's ink for the barcode, the thumbnail): one short poppler run's wait instead of three.
  // The ink's failure is looked at only if it is needed.
  const wordsRead = pageWords(file, 1).then(
    (words) => ({ words }),
    (error: unknown) => ({ error }),
  );
  const inkRead = inkCells(file, 1, readingArea(DEFAULT_TEMPLATE)).then(
    (cells) => ({ cells }),
    (error: unknown) => ({ error }),
  );
  // A page that cannot be rendered (within its time and memory) leaves the letter without a
  // thumbnail, not without an analysis. It is drawn in a temp folder and then stored (the store
  // may be remote).
  const work = await mkdtemp(path.join(tmpdir(), 'lp-thumb-'));
  let made = false;
  let words: TextItem[];
  try {
    const [jpg, read] = await Promise.all([thumbnail(file, path.join(work, 'thumbnail')).catch(() => null), wordsRead]);
    if ('error' in read) {
      await inkRead;
      if (read.error instanceof PdfError) return pdfFailure(read.error, info.pages);
      throw read.error;
    }
    // Words the product itself whited out (a re-set address) are not printed, so not read.
    words = withoutHidden(read.words, hidden);
    if (jpg) {
      await step('store thumbnail', () => blobs.put(thumbnailKey, createReadStream(jpg)));
      made = true;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const base = { pages: info.pages, ...(made ? { thumbnailKey } : {}) };
  return judgeWindow(file, words, inkRead, base, postcodes, given);
}

/**
 * The verdict on page 1 against the envelope window (decision 0026): the recipient's block read
 * (by OCR when the page has no text there), every line of it inside the window, nothing else in
 * the window, a valid postcode, a confident reading, room for the barcode. The first problem found
 * is the letter's status, with a reason that says what and where.
 */
async function judgeWindow(
  file: string,
  textWords: TextItem[],
  inkRead: Promise<{ cells: Box[] } | { error: unknown }>,
  base: { pages: number; thumbnailKey?: string },
  postcodes: PostcodeService | null,
  given: GivenRecipient | null,
): Promise<Outcome> {
  const area = readingArea(DEFAULT_TEMPLATE);
  let words = textWords;
  let read: Pick<Outcome, 'addressSource' | 'ocrConfidence'> = { addressSource: 'text', ocrConfidence: null };
  // A page with no text round the window is a scan (or a picture of a letter): read the window
  // area by OCR. A letter with a text layer never pays for it.
  if (!words.some((w) => w.text.trim() !== '' && centreInside(w, area))) {
    try {
      const ocr = await ocrWords(file, 1, area);
      words = ocr.words;
      read = { addressSource: 'ocr', ocrConfidence: Math.round(ocr.confidence) };
    } catch (error) {
      if (error instanceof PdfError) return { ...pdfFailure(error, base.pages), ...base };
      throw error;
    }
  }
  const ink = await inkRead;
  if ('error' in ink) {
    if (ink.error instanceof PdfError) return { ...pdfFailure(ink.error, base.pages), ...base };
    throw ink.error;
  }
  // Only what shows on paper is read: text under a white box or white on white is not the address.
  if (read.addressSource === 'text') words = visibleWords(words, ink.cells, area);
  const reading = readRecipient(words, DEFAULT_TEMPLATE);
  const confirmed = given?.source === 'corrected';
  if (!reading.ok) {
    // No address on the page, but the user typed one in: only an address sheet or a re-set prints it.
    if (given) {
      const check = checkWindow([], windowOthers(words, ink.cells, []), DEFAULT_TEMPLATE);
      return {
        status: LETTER_STATUS.addressOutsideWindow,
        reason: NO_PRINTED_ADDRESS,
        ...base,
        ...read,
        ...recipientOf(given),
        layout: layoutOf(check, []),
      };
    }
    const reason =
      reading.reason === 'no_text_in_window' ? NO_ADDRESS_REASONS.noText : NO_ADDRESS_REASONS.noAddressLines;
    return { status: LETTER_STATUS.failedToAnalyse, reason, ...base, ...read };
  }
  const found = given ? recipientOf(given) : { name: reading.name, lines: reading.lines, postcode: reading.postcode };
  let guessed = false;
  // OCR's confidence in the address itself: its words', weighted by their characters (the rest of
  // the area, a letterhead or a body, says nothing about whether the address was read right).
  if (read.addressSource === 'ocr') {
    const mine = words.filter((w) => reading.lineBoxes.some((l) => centreInside(w, grow(l, 0.3)))) as OcrWord[];
    const chars = mine.reduce((n, w) => n + w.text.length, 0);
    if (chars > 0)
      read = {
        ...read,
        ocrConfidence: Math.round(mine.reduce((n, w) => n + (w.confidence ?? 0) * w.text.length, 0) / chars),
      };
    // One word read on a guess makes the whole reading unsure, however sure the rest is.
    guessed = mine.some((w) => (w.confidence ?? 0) < OCR_WORD_UNSURE);
  }
  const others = windowOthers(words, ink.cells, reading.lineBoxes, reading.extra, DEFAULT_TEMPLATE);
  const check = checkWindow(reading.lineBoxes, others, DEFAULT_TEMPLATE);
  const layout = layoutOf(check, reading.lineBoxes);
  const verdict = { ...base, ...read, ...found, layout };
  // An address OCR read without confidence waits for a person, before anything is judged on it:
  // never New (nor a window verdict) on a guess.
  if (read.addressSource === 'ocr' && !confirmed && (guessed || (read.ocrConfidence ?? 0) < OCR_CONFIDENT))
    return {
      status: LETTER_STATUS.addressToConfirm,
      reason: `This scanned letter's address was read by OCR with ${read.ocrConfidence ?? 0}% confidence: check it, correct it if needed, and confirm it.`,
      ...verdict,
    };
  if (check.outside.length > 0)
    return {
      status: LETTER_STATUS.addressOutsideWindow,
      reason: outsideWindowReason(check.outside, DEFAULT_TEMPLATE),
      ...verdict,
    };
  if (check.intrusions.length > 0)
    return {
      status: LETTER_STATUS.windowNotClear,
      reason: windowNotClearReason(check.intrusions, DEFAULT_TEMPLATE),
      ...verdict,
    };
  // An address whose last line is a country abroad (decision 0037) is checked by that country's
  // postcode shape, where one is known; the UK postcode check and service are for UK addresses,
  // and the Mailmark barcode's clear space is for UK mail only.
  const foreign = found.postcode ? null : readForeignAddress(found.lines);
  if (foreign) {
    const abroad = { ...verdict, postcode: foreign.postcode, country: foreign.country };
    if (foreign.problem) return { status: LETTER_STATUS.invalidPostcode, reason: foreign.problem, ...abroad };
    return { status: LETTER_STATUS.analysisComplete, reason: null, ...abroad };
  }
  if (!found.postcode || !isUkPostcodeFormat(found.postcode))
    return { status: LETTER_STATUS.invalidPostcode, reason: 'The address has no valid UK postcode.', ...verdict };
  // The configured service's answer is the answer. When it cannot be reached the job fails and is
  // retried with backoff; after the last attempt the letter ends in Failed to Analyse.
  const postcode = found.postcode;
  if (postcodes && !(await step('check postcode', () => postcodes.validate(postcode))))
    return {
      status: LETTER_STATUS.invalidPostcode,
      reason: `The postcode ${found.postcode} does not exist.`,
      ...verdict,
    };
  if (!check.barcode) return { status: LETTER_STATUS.barcodeAreaNotEmpty, reason: noBarcodeRoomReason(), ...verdict };
  return { status: LETTER_STATUS.analysisComplete, reason: null, ...verdict };
}

/** An address word OCR reads below this confidence (0-100) makes the reading unsure (a guessed postcode letter). */
const OCR_WORD_UNSURE = 50;

const NO_PRINTED_ADDRESS =
  'No address is printed in the envelope window of page 1: re-set the address or add an address sheet to print the address you entered.';

/** The recipient a person gave (corrected or confirmed), as the outcome records it. */
function recipientOf(given: GivenRecipient) {
  return { name: given.name, lines: given.lines, postcode: given.postcode };
}

/** The layout stored with the letter and drawn over its preview and proof. */
function layoutOf(check: WindowCheck, lines: readonly AddressLine[]): WindowLayout {
  return {
    window: check.window,
    address: unionBox(lines),
    lines: lines.map(({ x, y, width, height }) => ({ x, y, width, height })),
    barcode: check.barcode,
    intrusions: check.intrusions,
    outside: check.outside,
    // Re-setting whites out the window and the old address: offered only when nothing else is there.
    resetOffered: check.intrusions.length === 0,
  };
}

/** The words less those at the place of a hidden one with the same text (within 0.3 mm). */
function withoutHidden(words: TextItem[], hidden: readonly TextItem[]): TextItem[] {
  if (hidden.length === 0) return words;
  const same = (a: TextItem, b: TextItem) =>
    a.text === b.text && Math.abs(a.x - b.x) < 0.3 && Math.abs(a.y - b.y) < 0.3;
  return words.filter((w) => !hidden.some((h) => same(w, h)));
}

/** Settings of the analysis that come from the configuration. */
export interface AnalysisOptions {
  /** The LibreOffice program that converts Word letters (SOFFICE_PATH; default `soffice` on PATH). */
  soffice?: string;
}

/**
 * A Word letter's PDF: converted once and kept at the letter's blob_key (the file it is served,
 * split and sent as); a retry finds it there. Returns an outcome when the Word file is refused.
 */
async function ensureConvertedPdf(
  blobs: BlobStore,
  letter: { blob_key: string; source_key: string | null },
  options: ConvertOptions,
): Promise<Outcome | null> {
  if (await blobs.exists(letter.blob_key)) return null;
  if (!letter.source_key) return { status: LETTER_STATUS.corrupted, reason: 'The uploaded file is missing.' };
  try {
    const source = letter.source_key;
    const pdf = await step('convert Word', () => blobs.withLocalFile(source, (file) => docxToPdf(file, options)));
    await step('store converted PDF', () => blobs.put(letter.blob_key, Readable.from([pdf])));
    return null;
  } catch (error) {
    if (!(error instanceof DocxError)) throw error;
    return {
      status: error.kind === 'corrupted' ? LETTER_STATUS.corrupted : LETTER_STATUS.failedToAnalyse,
      reason: error.message,
    };
  }
}

/** The durable job: analyse, then record the outcome and its history row in one transaction. */
export async function runAnalysis(
  pool: pg.Pool,
  blobs: BlobStore,
  letterId: string,
  postcodes: PostcodeService | null = null,
  isLastAttempt = true,
  options: AnalysisOptions = {},
): Promise<void> {
  const letter = await step('load letter', () =>
    loadLetterForJob<
      Pick<
        LetterRow,
        | 'blob_key'
        | 'account_id'
        | 'status'
        | 'source_type'
        | 'source_key'
        | 'address_sheet'
        | 'address_reset'
        | 'address_source'
        | 'original_key'
        | 'recipient_name_snapshot'
        | 'recipient_address_snapshot'
        | 'postcode'
        | 'layout'
      >
    >(
      pool,
      letterId,
      `blob_key, account_id, status, source_type, source_key, address_sheet, address_reset, address_source,
     original_key, recipient_name_snapshot, recipient_address_snapshot, postcode, layout`,
    ),
  );
  if (!letter || letter.status !== LETTER_STATUS.analysing) return; // deleted or already done: nothing to do
  // A recipient a person corrected or confirmed stays what the letter records (and prints).
  const given: GivenRecipient | null =
    letter.address_source === 'corrected' && letter.recipient_name_snapshot
      ? {
          name: letter.recipient_name_snapshot,
          lines: letter.recipient_address_snapshot ?? [],
          postcode: letter.postcode,
          source: 'corrected',
        }
      : null;
  // Whatever happens (a tool killed at its time limit, a file that crashes it), the letter ends in
  // a named status with a reason: never Processing forever. A file's own faults are outcomes at
  // once; anything else (a full disk, the postcode service away) is retried with backoff first.
  // A fix asked for and not made yet (an address sheet in front, or the address re-set on page 1):
  // the fixed file is written under its own key (the same on a retry) and becomes the file analysed
  // and sent; the file it was made from is kept as the original.
  let fixedKey: string | null = null;
  let fixedSize = 0;
  const thumbnailKey = `thumbnails/${letterId}.jpg`;
  const analyse = async (): Promise<Outcome> => {
    if (letter.source_type === 'docx') {
      const refused = await ensureConvertedPdf(blobs, letter, { soffice: options.soffice });
      if (refused) return refused;
    }
    const fix = letter.original_key ? null : letter.address_sheet ? 'sheet' : letter.address_reset ? 'reset' : null;
    if (fix) {
      if (!letter.recipient_name_snapshot)
        return {
          status: LETTER_STATUS.failedToAnalyse,
          reason: `The recipient is unknown, so ${fix === 'sheet' ? 'no address sheet can be made' : 'the address cannot be re-set'}.`,
        };
      const key = `letters/${letter.account_id}/${letterId}-${fix === 'sheet' ? 'address-sheet' : 'address-reset'}.pdf`;
      // Made in a temp folder, stored, and analysed from there (no second copy from the store).
      const work = await mkdtemp(path.join(tmpdir(), 'lp-fix-'));
      const out = path.join(work, 'fixed.pdf');
      const recipient = { name: letter.recipient_name_snapshot, lines: letter.recipient_address_snapshot ?? [] };
      try {
        const hidden = await blobs.withLocalFile(letter.blob_key, async (original) => {
          if (fix === 'reset') return resetAddress(original, recipient, letter.layout, out);
          await prependAddressSheet(original, recipient, out);
          return [];
        });
        fixedSize = await blobs.put(key, createReadStream(out));
        fixedKey = key;
        return await analysePdf(out, blobs, thumbnailKey, postcodes, given, hidden);
      } catch (error) {
        if (error instanceof AddressSheetError) return { status: LETTER_STATUS.failedToAnalyse, reason: error.message };
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    return blobs.withLocalFile(letter.blob_key, (file) => analysePdf(file, blobs, thumbnailKey, postcodes, given));
  };
  const outcome = await analyse().catch((error: unknown): Outcome => {
    if (!isLastAttempt) throw error; // the queue retries with backoff
    return {
      status: LETTER_STATUS.failedToAnalyse,
      reason: (error as { killed?: boolean }).killed
        ? 'The file took too long to analyse.'
        : 'The file could not be analysed. Re-save it as a standard PDF and upload it again.',
    };
  });
  await step('transaction', () =>
    inTransaction(pool, async (client) => {
      if (fixedKey)
        await client.query(
          `update letters set original_key = blob_key, blob_key = $2, size_bytes = $4
          where id = $1 and status = $3 and original_key is null`,
          [letterId, fixedKey, LETTER_STATUS.analysing, fixedSize],
        );
      // Another run already recorded an outcome (a worker cut off while the sweep restarted it): the
      // first one stands, and the history gets no second row.
      const updated = await step('write status and history', () =>
        recordLetterStatus(client, letterId, outcome.status, {
          reason: outcome.reason,
          whileStatus: LETTER_STATUS.analysing,
          set: {
            status_reason: outcome.reason,
            num_pages: outcome.pages ?? null,
            recipient_name_snapshot: outcome.name ?? null,
            recipient_address_snapshot: outcome.lines ?? null,
            postcode: outcome.postcode ?? null,
            country: outcome.country ?? null,
            thumbnail_key: outcome.thumbnailKey ?? null,
            layout: outcome.layout ? JSON.stringify(roundLayout(outcome.layout)) : null,
            address_source: given ? 'corrected' : (outcome.addressSource ?? 'text'),
            ocr_confidence: outcome.ocrConfidence ?? null,
          },
        }),
      );
      if (!updated) return;
      await step('write refresh event', () =>
        publish(client, { accountId: letter.account_id, message: { type: 'refresh', entities: ['letters'] } }),
      );
      // Programs learn the outcome (clean, or refused with its reason) from the letter.analysed webhook.
      await step('write webhook event', () =>
        emitEvent(client, letter.account_id, 'letter.analysed', () => letterEventData(client, letterId)),
      );
      // The letter's customer: the one whose name and postcode match the recipient read (only when
      // exactly one does; otherwise the user picks).
      if (outcome.name)
        await step('write customer match', () =>
          client.query(
            `update letters set customer_id = m.id
           from (select min(id) as id, count(*) as n from customers where account_id = $2 and match_key = $3) m
          where letters.id = $1 and m.n = 1 and letters.customer_id is null`,
            [letterId, letter.account_id, customerMatchKey(outcome.name!, outcome.postcode ?? null)],
          ),
        );
      // What other modules do with a clean letter (delivery: Auto-deliver; integrations: copy it to
      // the drives whose company chose to copy uploads too), in this transaction.
      if (outcome.status === LETTER_STATUS.analysisComplete)
        await step('write hooks', () => letterAnalysed(client, { id: letterId, accountId: letter.account_id }));
    }),
  );
}

/** The layout with every length to a tenth of a millimetre (what is stored and drawn). */
function roundLayout(layout: WindowLayout): WindowLayout {
  const r = (n: number) => Math.round(n * 10) / 10;
  const box = (b: { x: number; y: number; width: number; height: number }) => ({
    x: r(b.x),
    y: r(b.y),
    width: r(b.width),
    height: r(b.height),
  });
  return {
    window: box(layout.window),
    address: box(layout.address),
    ...(layout.lines ? { lines: layout.lines.slice(0, 20).map(box) } : {}),
    barcode: layout.barcode ? box(layout.barcode) : null,
    intrusions: layout.intrusions.slice(0, 20).map((i) => ({ ...i, box: box(i.box) })),
    ...(layout.outside ? { outside: layout.outside } : {}),
    ...(layout.resetOffered !== undefined ? { resetOffered: layout.resetOffered } : {}),
  };
}
