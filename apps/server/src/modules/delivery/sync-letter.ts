import { channelSucceeded, letterStatusForDelivery } from '@lp/domain';
import type pg from 'pg';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { publish } from '../../platform/events.js';
import { queueDriveSyncs } from '../integrations/index.js';
import { letterColumnSql, loadLetterForJob, recordLetterStatus } from '../letters/index.js';
import { fileLetterForCustomer } from '../storage/index.js';
import type { DeliveryOptions } from './price.js';

/**
 * Brings the letter row up to date with its delivery's channels (part 1 section 3's delivery
 * fields and section 4's statuses), in the caller's transaction: the status, the channels asked
 * for, the successful and unsuccessful ones, has_been_posted and delivered_on. A change of status,
 * or an event worth a line (`note`), is a history row: the panel's timeline. Ends the delivery
 * once no channel waits.
 */
export async function syncLetter(
  q: pg.ClientBase,
  deliveryId: string,
  note: string | null = null,
  statusReason?: string,
): Promise<string> {
  const { rows: deliveries } = await q.query<
    Narrow<Pick<LetterDeliveryRow, 'letter_id' | 'account_id' | 'state' | 'options'>, { options: DeliveryOptions }>
  >('select letter_id, account_id, state, options from letter_deliveries where id = $1', [deliveryId]);
  const d = deliveries[0]!;
  // The letter is locked before the channels are read: two callbacks of one delivery (the printer's
  // and the text message's) each see the other's committed channel, and the last to write the
  // letter writes what both did (read first, it could write back a stale view).
  const before = await loadLetterForJob<Pick<LetterRow, 'status'>>(q, d.letter_id, 'status', { forUpdate: true });
  const { rows: channels } = await q.query<Pick<LetterDeliveryChannelRow, 'channel' | 'state' | 'provider_status'>>(
    'select channel, state, provider_status from letter_delivery_channels where delivery_id = $1 order by channel',
    [deliveryId],
  );
  const status = letterStatusForDelivery(channels, d.options.email?.asLink ?? false);
  const ok = channels.filter((c) => channelSucceeded(c.state)).map((c) => c.channel);
  const failed = channels.filter((c) => c.state === 'failed').map((c) => c.channel);
  const posted = channels.some((c) => c.channel === 'mail' && c.state === 'succeeded');
  const settled = !channels.some((c) => c.state === 'queued');
  if (settled && d.state === 'sending')
    await q.query(
      `update letter_deliveries set state = 'done', updated_at = now() where id = $1 and state = 'sending'`,
      [deliveryId],
    );
  await recordLetterStatus(q, d.letter_id, status, {
    reason: note,
    history: before?.status !== status || !!note,
    set: {
      force_status_error: false,
      ...(statusReason !== undefined ? { status_reason: statusReason } : {}),
      delivery_channels: channels.map((c) => c.channel),
      successful_delivery_channels: ok,
      unsuccessful_delivery_channels: failed,
      ...(posted ? { has_been_posted: true } : {}),
      ...(settled && ok.length > 0 ? { delivered_on: letterColumnSql('coalesce(delivered_on, now())') } : {}),
    },
  });
  // A letter delivered to a customer is filed in the customer's storage folder.
  if (ok.length > 0) await fileLetterForCustomer(q, d.letter_id);
  // A delivered letter is copied to the company's drives with auto-sync on (a job each).
  if (settled && ok.length > 0) await queueDriveSyncs(q, d.letter_id, d.account_id);
  await publish(q, { accountId: d.account_id, message: { type: 'refresh', entities: ['letters', 'finances'] } });
  return status;
}

/** Sets a letter's status outside the hand-over (scheduled, in review, cancelled, denied), with its history row. */
export async function setLetterStatus(
  q: pg.ClientBase,
  letter: { id: string; accountId: string },
  status: string,
  reason: string | null,
  channels?: readonly string[],
): Promise<void> {
  await recordLetterStatus(q, letter.id, status, {
    reason,
    set: {
      force_status_error: false,
      // New channels asked for start with no outcome yet.
      ...(channels !== undefined
        ? { delivery_channels: channels, successful_delivery_channels: [], unsuccessful_delivery_channels: [] }
        : {}),
    },
  });
  await publish(q, { accountId: letter.accountId, message: { type: 'refresh', entities: ['letters', 'finances'] } });
}
