import { ADDRESS_SHEET_REMOVABLE_STATUSES, LETTER_MESSAGES, LETTER_STATUS } from '@lp/domain';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { App, AppDeps } from '../../app.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { addJob } from '../../platform/jobs.js';
import { errorSchema } from '../identity/schemas.js';
import { ANALYSE_TASK } from './analyse.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const answer = z.object({ uuid: z.string(), status: z.literal(LETTER_STATUS.analysing), message: z.string() });

interface SheetRow {
  status: string;
  document_type: string;
  mark_for_deletion: boolean;
  recipient_name_snapshot: string | null;
  address_sheet: boolean;
  original_key: string | null;
  blob_key: string;
}

/** The letter's history row, its analysis job and the live refresh, with the change that made it Analysing. */
async function analyseAgain(client: PoolClient, id: string, accountId: string, reason: string) {
  await client.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
    id,
    LETTER_STATUS.analysing,
    reason,
  ]);
  await addJob(client, ANALYSE_TASK, { letterId: id }, { maxAttempts: 3, jobKey: `analyse:${id}` });
  await publish(client, { accountId, message: { type: 'refresh', entities: ['letters'] } });
}

/**
 * The one-click fix of a letter whose window leaves the barcode no room: an address sheet in front
 * (made by the analysis job, which then analyses the letter again from the sheet), and its undo.
 * The uploaded file is always kept.
 */
export function registerAddressSheetRoutes(app: App, { pool, blobs }: Pick<AppDeps, 'pool' | 'blobs'>) {
  const lockLetter = async (client: PoolClient, id: string, accountId: string) => {
    const { rows } = await client.query<SheetRow>(
      `select status, document_type, mark_for_deletion, recipient_name_snapshot, address_sheet, original_key, blob_key
         from letters where id = $1 and account_id = $2 for update`,
      [id, accountId],
    );
    const letter = rows[0];
    if (!letter) throw new AppError('NOT_FOUND');
    if (letter.mark_for_deletion) throw new AppError('CONFLICT', 'Restore the letter from the trash first.');
    return letter;
  };

  app.post(
    '/api/letters/:id/address-sheet',
    {
      schema: {
        tags: ['letters'],
        summary: 'Put an address sheet in front of a letter whose window leaves no room for the barcode',
        params: idParams,
        response: { 202: answer, 404: errorSchema, 409: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['create_letter'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params as { id: string };
      await inTransaction(pool, async (client) => {
        const letter = await lockLetter(client, id, auth.accountId);
        if (letter.address_sheet) throw new AppError('CONFLICT', 'The letter already has an address sheet.');
        if (letter.status !== LETTER_STATUS.barcodeAreaNotEmpty || !letter.recipient_name_snapshot)
          throw new AppError(
            'CONFLICT',
            'An address sheet is for a letter whose recipient was read but whose window leaves no room for the barcode.',
          );
        await client.query(
          `update letters set address_sheet = true, status = $2, status_reason = null, layout = null, updated_at = now()
            where id = $1`,
          [id, LETTER_STATUS.analysing],
        );
        await analyseAgain(client, id, auth.accountId, 'Address sheet added in front of the letter');
      });
      return reply
        .status(202)
        .send({ uuid: id, status: LETTER_STATUS.analysing, message: LETTER_MESSAGES.addressSheetAdded });
    },
  );

  app.delete(
    '/api/letters/:id/address-sheet',
    {
      schema: {
        tags: ['letters'],
        summary: 'Take the address sheet off a letter: it is analysed again as uploaded',
        params: idParams,
        response: { 202: answer, 404: errorSchema, 409: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['create_letter'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params as { id: string };
      let sheetKey: string | null = null;
      await inTransaction(pool, async (client) => {
        const letter = await lockLetter(client, id, auth.accountId);
        if (!letter.address_sheet) throw new AppError('CONFLICT', 'The letter has no address sheet.');
        if (!letter.original_key || !ADDRESS_SHEET_REMOVABLE_STATUSES.includes(letter.status))
          throw new AppError(
            'CONFLICT',
            'The address sheet can be taken off once the letter is analysed and before it is sent.',
          );
        sheetKey = letter.blob_key;
        await client.query(
          `update letters set address_sheet = false, blob_key = original_key, original_key = null, status = $2,
                  status_reason = null, layout = null, updated_at = now()
            where id = $1`,
          [id, LETTER_STATUS.analysing],
        );
        await analyseAgain(client, id, auth.accountId, 'Address sheet taken off');
      });
      // The sheet's file belongs to no letter now.
      if (sheetKey) await blobs.delete(sheetKey);
      return reply
        .status(202)
        .send({ uuid: id, status: LETTER_STATUS.analysing, message: LETTER_MESSAGES.addressSheetRemoved });
    },
  );
}
