import {
  ADDRESS_FIXABLE_STATUSES,
  ADDRESS_RESET_STATUSES,
  ADDRESS_SHEET_REMOVABLE_STATUSES,
  ADDRESS_SHEET_STATUSES,
  correctedAddressLines,
  isNoAddressFailure,
  LETTER_FIX_MESSAGES,
  LETTER_MESSAGES,
  LETTER_STATUS,
  recipientCorrectionSchema,
} from '@lp/domain';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { findLetter, type LetterReader } from './find-letter.js';
import { queueLetterAnalysis } from './queue-letter-analysis.js';
import { type LetterStatusChanges, letterColumnSql, recordLetterStatus } from './record-letter-status.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const answer = z.object({ uuid: z.string(), status: z.literal(LETTER_STATUS.analysing), message: z.string() });

type FixRow = Pick<
  LetterRow,
  | 'status'
  | 'status_reason'
  | 'document_type'
  | 'mark_for_deletion'
  | 'recipient_name_snapshot'
  | 'address_sheet'
  | 'address_reset'
  | 'original_key'
  | 'blob_key'
  | 'layout'
>;

type FixColumn = 'address_sheet' | 'address_reset';

/** The two fixes that change the file sent, each with its route, when it applies and what it says. */
const FIXES: Record<
  FixColumn,
  {
    path: string;
    statuses: readonly string[];
    summary: string;
    undoSummary: string;
    already: string;
    notApplicable: string;
    history: string;
    undone: string;
    applied: string;
    removed: string;
  }
> = {
  address_sheet: {
    path: 'address-sheet',
    statuses: ADDRESS_SHEET_STATUSES,
    summary: 'Put an address sheet in front of a letter whose window does not show its address as it should',
    undoSummary: 'Take the address sheet off a letter: it is analysed again as uploaded',
    already: 'The letter already has an address sheet.',
    notApplicable:
      'An address sheet is for a letter whose recipient is known but whose window does not show the address as it should.',
    history: 'Address sheet added in front of the letter',
    undone: 'Address sheet taken off',
    applied: LETTER_MESSAGES.addressSheetAdded,
    removed: LETTER_MESSAGES.addressSheetRemoved,
  },
  address_reset: {
    path: 'address-reset',
    statuses: ADDRESS_RESET_STATUSES,
    summary:
      'Re-set the address on page 1: the window and the old address whited out, the address set inside the window',
    undoSummary: 'Undo the re-set address: the letter is analysed again as uploaded',
    already: 'The address has already been re-set.',
    notApplicable: LETTER_FIX_MESSAGES.resetNotApplicable,
    history: 'Address re-set on page 1',
    undone: 'Re-set address undone',
    applied: LETTER_FIX_MESSAGES.reset,
    removed: LETTER_FIX_MESSAGES.resetUndone,
  },
};

/**
 * The letter made Analysing again with the fix's other columns (status_reason cleared), its history
 * row, its analysis job and the live refresh.
 */
async function analyseAgain(
  client: PoolClient,
  id: string,
  accountId: string,
  reason: string,
  set: LetterStatusChanges,
) {
  await recordLetterStatus(client, id, LETTER_STATUS.analysing, { reason, set: { ...set, status_reason: null } });
  await queueLetterAnalysis(client, id);
  await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
}

/**
 * The one-click fixes of a letter whose address or window is not right for posting (decision
 * 0026): an address sheet in front, the address re-set on page 1, and a corrected address; each
 * makes the analysis job run again (which makes the fixed file and checks it), and each can be
 * undone before anything is sent. The uploaded file is always kept.
 */
export function registerAddressFixRoutes(app: App, { pool, blobs }: Pick<PlatformDeps, 'pool' | 'blobs'>) {
  const lockLetter = async (client: PoolClient, id: string, auth: LetterReader) => {
    const letter = await findLetter<FixRow>(
      client,
      auth,
      id,
      `status, status_reason, document_type, mark_for_deletion, recipient_name_snapshot, address_sheet,
       address_reset, original_key, blob_key, layout`,
      { forUpdate: true },
    );
    if (!letter) throw new AppError('NOT_FOUND');
    if (letter.mark_for_deletion) throw new AppError('CONFLICT', 'Restore the letter from the trash first.');
    return letter;
  };

  /** Takes a fix off again: the letter goes back to its uploaded file and is analysed again. */
  const undo = async (id: string, auth: LetterReader, which: FixColumn, reason: string) => {
    let fixedKey: string | null = null;
    await inTransaction(pool, async (client) => {
      const letter = await lockLetter(client, id, auth);
      if (!letter[which])
        throw new AppError(
          'CONFLICT',
          which === 'address_sheet' ? 'The letter has no address sheet.' : 'The letter has no re-set address.',
        );
      if (!letter.original_key || !ADDRESS_SHEET_REMOVABLE_STATUSES.includes(letter.status))
        throw new AppError('CONFLICT', 'A fix can be taken off once the letter is analysed and before it is sent.');
      fixedKey = letter.blob_key;
      await analyseAgain(client, id, auth.accountId, reason, {
        [which]: false,
        blob_key: letterColumnSql('original_key'),
        original_key: null,
        layout: null,
      });
    });
    // The fixed file belongs to no letter now.
    if (fixedKey) await blobs.delete(fixedKey);
  };

  /** Applies a fix: the letter becomes Analysing, and the job makes the fixed file and checks it. */
  const apply = async (id: string, auth: LetterReader, column: FixColumn) => {
    const fix = FIXES[column];
    await inTransaction(pool, async (client) => {
      const letter = await lockLetter(client, id, auth);
      if (letter[column]) throw new AppError('CONFLICT', fix.already);
      if (letter[column === 'address_sheet' ? 'address_reset' : 'address_sheet'])
        throw new AppError('CONFLICT', LETTER_FIX_MESSAGES.oneFixAtATime);
      if (!fix.statuses.includes(letter.status) || !letter.recipient_name_snapshot)
        throw new AppError('CONFLICT', fix.notApplicable);
      if (column === 'address_reset' && !letter.layout?.resetOffered)
        throw new AppError('CONFLICT', LETTER_FIX_MESSAGES.resetNotOffered);
      // A re-set keeps the layout: the job whites out the old address lines it holds.
      await analyseAgain(client, id, auth.accountId, fix.history, {
        [column]: true,
        ...(column === 'address_reset' ? {} : { layout: null }),
      });
    });
  };

  for (const column of Object.keys(FIXES) as FixColumn[]) {
    const fix = FIXES[column];
    app.post(
      `/api/letters/:id/${fix.path}`,
      {
        schema: {
          tags: ['letters'],
          summary: fix.summary,
          params: idParams,
          response: { 202: answer, 404: errorSchema, 409: errorSchema },
        },
        config: { access: { kind: 'member', anyOf: ['create_letter'] } },
      },
      async (request, reply) => {
        const { id } = request.params;
        await apply(id, request.auth!, column);
        return reply.status(202).send({ uuid: id, status: LETTER_STATUS.analysing, message: fix.applied });
      },
    );
    app.delete(
      `/api/letters/:id/${fix.path}`,
      {
        schema: {
          tags: ['letters'],
          summary: fix.undoSummary,
          params: idParams,
          response: { 202: answer, 404: errorSchema, 409: errorSchema },
        },
        config: { access: { kind: 'member', anyOf: ['create_letter'] } },
      },
      async (request, reply) => {
        const { id } = request.params;
        await undo(id, request.auth!, column, fix.undone);
        return reply.status(202).send({ uuid: id, status: LETTER_STATUS.analysing, message: fix.removed });
      },
    );
  }

  app.put(
    '/api/letters/:id/recipient',
    {
      schema: {
        tags: ['letters'],
        summary:
          'Correct or confirm the recipient read from the letter; it is what the letter records and what a fix prints',
        params: idParams,
        body: recipientCorrectionSchema,
        response: { 202: answer, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['create_letter'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      const body = request.body;
      let fixedKey: string | null = null;
      await inTransaction(pool, async (client) => {
        const letter = await lockLetter(client, id, auth);
        const unread = isNoAddressFailure(letter.status, letter.status_reason);
        if (!ADDRESS_FIXABLE_STATUSES.includes(letter.status) && !unread)
          throw new AppError('CONFLICT', LETTER_FIX_MESSAGES.recipientLocked);
        // A sheet or a re-set already made printed the old address: it is made again with this one.
        if (letter.original_key && (letter.address_sheet || letter.address_reset)) fixedKey = letter.blob_key;
        await analyseAgain(client, id, auth.accountId, 'Recipient corrected', {
          recipient_name_snapshot: body.name,
          recipient_address_snapshot: correctedAddressLines(body),
          postcode: body.postcode,
          address_source: 'corrected',
          // The file the fix was made from is sent again until the fix is made with this address.
          ...(fixedKey !== null ? { blob_key: letterColumnSql('original_key'), original_key: null } : {}),
        });
      });
      if (fixedKey) await blobs.delete(fixedKey);
      return reply
        .status(202)
        .send({ uuid: id, status: LETTER_STATUS.analysing, message: LETTER_FIX_MESSAGES.recipientSaved });
    },
  );
}
