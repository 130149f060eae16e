import { type ChannelState, channelSucceeded, type DeliveryChannel, letterStatusForDelivery } from '@lp/domain';
import type pg from 'pg';
import { publish } from '../../platform/events.js';
import { queueDriveSyncs } from '../integrations/index.js';
import { fileLetterForCustomer } from '../storage/index.js';

/**
 * Brings the letter row up to date with its delivery's channels (part 1 section 3's delivery
 * fields and section 4's statuses), in the caller's transaction: the status, the channels asked
 * for, the successful and unsuccessful ones, has_been_posted and delivered_on. A change of status,
 * or an event worth a line (`note`), is a history row: the panel's timeline. Ends the delivery
 * once no channel waits.
 */
export async function syncLetter(q: pg.ClientBase, deliveryId: string, note: string | null = null): Promise<string> {
  const { rows: deliveries } = await q.query<{
    letter_id: string;
    account_id: string;
    state: string;
    options: { email?: { asLink: boolean } };
  }>('select letter_id, account_id, state, options from letter_deliveries where id = $1', [deliveryId]);
  const d = deliveries[0]!;
  // The letter is locked before the channels are read: two callbacks of one delivery (the printer's
  // and the text message's) each see the other's committed channel, and the last to write the
  // letter writes what both did (read first, it could write back a stale view).
  const { rows: before } = await q.query<{ status: string }>('select status from letters where id = $1 for update', [
    d.letter_id,
  ]);
  const { rows: channels } = await q.query<{ channel: DeliveryChannel; state: ChannelState }>(
    'select channel, state from letter_delivery_channels where delivery_id = $1 order by channel',
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
  await q.query(
    `update letters set status = $2, force_status_error = false, delivery_channels = $3, successful_delivery_channels = $4,
            unsuccessful_delivery_channels = $5, has_been_posted = has_been_posted or $6,
            delivered_on = case when $7 then coalesce(delivered_on, now()) else delivered_on end, updated_at = now()
      where id = $1`,
    [d.letter_id, status, channels.map((c) => c.channel), ok, failed, posted, settled && ok.length > 0],
  );
  // A letter delivered to a customer is filed in the customer's storage folder.
  if (ok.length > 0) await fileLetterForCustomer(q, d.letter_id);
  // A delivered letter is copied to the company's drives with auto-sync on (a job each).
  if (settled && ok.length > 0) await queueDriveSyncs(q, d.letter_id, d.account_id);
  if (before[0]?.status !== status || note)
    await q.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
      d.letter_id,
      status,
      note,
    ]);
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
  await q.query(
    `update letters set status = $2, force_status_error = false, delivery_channels = coalesce($3, delivery_channels),
            successful_delivery_channels = case when $3::text[] is null then successful_delivery_channels else '{}' end,
            unsuccessful_delivery_channels = case when $3::text[] is null then unsuccessful_delivery_channels else '{}' end,
            updated_at = now()
      where id = $1`,
    [letter.id, status, channels ?? null],
  );
  await q.query('insert into letter_history (letter_id, status, reason) values ($1, $2, $3)', [
    letter.id,
    status,
    reason,
  ]);
  await publish(q, { accountId: letter.accountId, message: { type: 'refresh', entities: ['letters', 'finances'] } });
}
