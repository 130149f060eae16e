import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CHANNEL_LABELS,
  classService,
  isPrintStatus,
  LETTER_SERVICE_LABELS,
  MAIL_TRACKING_EVENTS_MAX,
  type PrintStatus,
  printStatusRank,
  returnReasonText,
  type SmsStatus,
  shouldApplyPrintStatus,
  smsStatusAdvances,
} from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type PrintEvent, PrintWebhookError, parsePrintWebhook } from '../../providers/print.js';
import { SmsCallbackError, SmsSignatureError, TWILIO_ERRORS } from '../../providers/sms.js';
import { refund } from '../money/index.js';
import { emitChannelUpdated } from './channel-event.js';
import type { DeliveryOptions } from './price.js';
import { proofOfDeliveryPdf } from './proof-of-delivery.js';
import type { ChannelProviders } from './providers.js';
import { syncLetter } from './sync-letter.js';

/**
 * Provider callbacks (decision 0016): verified by signature, each event applied once (its id in
 * delivery_events, in the transaction that applies it), and never moving a channel backwards
 * (events arrive twice and out of order). A channel that fails after it was charged is refunded,
 * except a letter returned after posting: it was printed and posted.
 */

type ChannelRow = Narrow<
  Pick<LetterDeliveryChannelRow, 'delivery_id' | 'channel' | 'state' | 'provider_status' | 'capture_entry_id'>,
  // Found by a provider's callback: only mail and text messages have one.
  { channel: 'mail' | 'sms' }
> &
  Pick<LetterDeliveryRow, 'account_id'> & { letter_name: LetterRow['name'] };

async function lockChannel(q: pg.ClientBase, provider: string, providerId: string): Promise<ChannelRow | null> {
  const { rows } = await q.query<ChannelRow>(
    `select c.delivery_id, c.channel, c.state, c.provider_status, c.capture_entry_id, d.account_id, l.name as letter_name
       from letter_delivery_channels c join letter_deliveries d on d.id = c.delivery_id join letters l on l.id = d.letter_id
      where c.provider = $1 and c.provider_id = $2 for update of c`,
    [provider, providerId],
  );
  return rows[0] ?? null;
}

async function firstTime(q: pg.ClientBase, provider: string, eventId: string): Promise<boolean> {
  const r = await q.query('insert into delivery_events (provider, event_id) values ($1, $2) on conflict do nothing', [
    provider,
    eventId,
  ]);
  return r.rowCount === 1;
}

async function failChannel(q: pg.ClientBase, c: ChannelRow, reason: string, giveBack: boolean) {
  await q.query(
    `update letter_delivery_channels set state = 'failed', reason = $3, updated_at = now()
      where delivery_id = $1 and channel = $2`,
    [c.delivery_id, c.channel, reason],
  );
  if (giveBack && c.capture_entry_id) {
    const entry = await refund(q, {
      accountId: c.account_id,
      key: `refund:delivery:${c.delivery_id}:${c.channel}`,
      entryId: c.capture_entry_id,
      description: `Refund (${CHANNEL_LABELS[c.channel].toLowerCase()} not delivered): ${c.letter_name}`,
    });
    await q.query('update letter_delivery_channels set refund_entry_id = $3 where delivery_id = $1 and channel = $2', [
      c.delivery_id,
      c.channel,
      entry.id,
    ]);
  }
}

const PRINT_NOTES: Partial<Record<PrintStatus, string>> = {
  producing: 'Mail: being printed',
  handed_over: 'Mail: handed to Royal Mail',
  local_delivery: 'Mail: at the local delivery office',
  delivered: 'Mail: delivered',
};

/** Where a delivery's signature image and proof of delivery are kept (beside the letter's files). */
export const signatureKey = (accountId: string, letterId: string, deliveryId: string) =>
  `letters/${accountId}/${letterId}-delivery-${deliveryId}-signature.png`;
const proofKeyOf = (accountId: string, letterId: string, deliveryId: string) =>
  `letters/${accountId}/${letterId}-delivery-${deliveryId}-proof-of-delivery.pdf`;

type TrackedChannel = Pick<
  LetterDeliveryChannelRow,
  'tracking_number' | 'tracking_events' | 'signed_by' | 'signed_at' | 'recipient' | 'provider_status' | 'reason'
> &
  Pick<LetterDeliveryRow, 'letter_id'> & {
    options: DeliveryOptions;
    company_name: string;
    letter_name: string;
    customer_id: string | null;
  };

async function trackedChannel(q: pg.ClientBase, deliveryId: string): Promise<TrackedChannel> {
  const { rows } = await q.query<TrackedChannel>(
    `select c.tracking_number, c.tracking_events, c.signed_by, c.signed_at, c.recipient, c.provider_status, c.reason,
            d.letter_id, d.options, a.name as company_name, l.name as letter_name, l.customer_id
       from letter_delivery_channels c join letter_deliveries d on d.id = c.delivery_id
       join accounts a on a.id = d.account_id join letters l on l.id = d.letter_id
      where c.delivery_id = $1 and c.channel = 'mail'`,
    [deliveryId],
  );
  return rows[0]!;
}

/**
 * A tracked letter's part of an event (decision 0037): its tracking number, the event in its
 * timeline (in time order, however the events arrive), the signature, and the proof of delivery
 * PDF, made again with every event once the letter has reached its end.
 */
async function recordTracking(q: pg.ClientBase, blobs: BlobStore | null, c: ChannelRow, event: PrintEvent) {
  const t = await trackedChannel(q, c.delivery_id);
  const number = t.tracking_number ?? event.trackingNumber ?? null;
  let events = t.tracking_events ?? [];
  if (event.description) {
    events = [
      ...events,
      {
        at: event.at.toISOString(),
        status: event.status,
        description: event.description,
        location: event.location ?? null,
      },
    ]
      // By time, and within the same millisecond by how far along each is (a late copy of an
      // earlier event arriving after a later one must not be listed after it).
      .sort(
        (a, b) =>
          a.at.localeCompare(b.at) ||
          (isPrintStatus(a.status) && isPrintStatus(b.status)
            ? printStatusRank(a.status) - printStatusRank(b.status)
            : 0),
      )
      .slice(-MAIL_TRACKING_EVENTS_MAX);
  }
  let signedBy = t.signed_by;
  let signedAt = t.signed_at;
  if (event.signature && !signedBy) {
    signedBy = event.signature.name;
    signedAt = event.signature.at;
    if (blobs && event.signature.imagePng)
      await blobs.put(signatureKey(c.account_id, t.letter_id, c.delivery_id), Readable.from(event.signature.imagePng));
  }
  await q.query(
    `update letter_delivery_channels set tracking_number = $3, tracking_events = $4::jsonb, signed_by = $5, signed_at = $6
      where delivery_id = $1 and channel = $2`,
    [c.delivery_id, c.channel, number, JSON.stringify(events), signedBy, signedAt],
  );
  const status = (
    await q.query<{ provider_status: string | null; reason: string | null }>(
      'select provider_status, reason from letter_delivery_channels where delivery_id = $1 and channel = $2',
      [c.delivery_id, c.channel],
    )
  ).rows[0]!;
  const ended = status.provider_status === 'delivered' || status.provider_status === 'returned';
  if (!blobs || !number || !ended) return;
  const mail = t.options.mail;
  const service = mail ? LETTER_SERVICE_LABELS[mail.postService ?? classService(mail.service)] : 'Mail';
  let image: Buffer | null = null;
  const sigKey = signatureKey(c.account_id, t.letter_id, c.delivery_id);
  if (signedBy && (await blobs.exists(sigKey))) image = await buffer(blobs.read(sigKey));
  const pdf = await proofOfDeliveryPdf({
    company: t.company_name,
    letterName: t.letter_name,
    service,
    trackingNumber: number,
    recipient: t.recipient,
    outcome: status.provider_status === 'returned' ? (status.reason ?? 'Returned to sender') : 'Delivered',
    events,
    signature: signedBy && signedAt ? { name: signedBy, at: signedAt, imagePng: image } : null,
  });
  const key = proofKeyOf(c.account_id, t.letter_id, c.delivery_id);
  await blobs.put(key, Readable.from(Buffer.from(pdf)));
  await q.query('update letter_delivery_channels set proof_key = $3 where delivery_id = $1 and channel = $2', [
    c.delivery_id,
    c.channel,
    key,
  ]);
}

/**
 * A returned letter's customer (decision 0037): their address is flagged with the reason, shown on
 * the customer until the address is changed.
 */
async function flagReturnedAddress(q: pg.ClientBase, accountId: string, deliveryId: string, reason: string) {
  await q.query(
    `update customers c set address_returned_reason = $3, address_returned_at = now()
       from letter_deliveries d join letters l on l.id = d.letter_id
      where d.id = $1 and c.id = l.customer_id and c.account_id = $2`,
    [deliveryId, accountId, reason],
  );
  await publish(q, { accountId, message: { type: 'refresh', entities: ['customers'] } });
}

/** Stannp's webhook (or the sandbox's): answers how many events were applied. */
export async function handlePrintWebhook(
  pool: pg.Pool,
  providers: Pick<ChannelProviders, 'print' | 'sms'>,
  raw: Buffer,
  signature: string | undefined,
  blobs: BlobStore | null = null,
): Promise<{ applied: number; unknown: number }> {
  let events: ReturnType<typeof parsePrintWebhook>;
  try {
    providers.print.verifyWebhook(raw, signature);
    events = parsePrintWebhook(raw);
  } catch (error) {
    if (error instanceof PrintWebhookError) throw new AppError('WEBHOOK_INVALID', error.message);
    throw error;
  }
  let applied = 0;
  let unknown = 0;
  for (const event of events) {
    const done = await inTransaction(pool, async (q) => {
      // A letter not known (yet: the event can overtake the hand-over's commit) is not marked seen.
      const c = await lockChannel(q, providers.print.name, event.id);
      if (!c) return null;
      if (!(await firstTime(q, `print:${providers.print.name}`, event.eventId))) return false;
      const advances = shouldApplyPrintStatus((c.provider_status as PrintStatus | null) ?? null, event.status);
      if (advances) {
        await q.query(
          'update letter_delivery_channels set provider_status = $3, updated_at = now() where delivery_id = $1 and channel = $2',
          [c.delivery_id, c.channel, event.status],
        );
        if (event.status === 'returned') {
          const reason = `Returned to sender: ${returnReasonText(event.returnReason)}`;
          await failChannel(q, c, reason, false);
          await syncLetter(q, c.delivery_id, `Mail: ${reason}`, reason);
          await flagReturnedAddress(q, c.account_id, c.delivery_id, returnReasonText(event.returnReason));
        } else if (event.status === 'cancelled' || event.status === 'failed') {
          await failChannel(q, c, 'The printing service could not produce the letter', true);
          await syncLetter(q, c.delivery_id, 'Mail: not printed (refunded)');
        } else {
          if (['handed_over', 'local_delivery', 'delivered'].includes(event.status) && c.state === 'handed_over')
            await q.query(
              `update letter_delivery_channels set state = 'succeeded' where delivery_id = $1 and channel = $2`,
              [c.delivery_id, c.channel],
            );
          const signed =
            event.status === 'delivered' && event.signature ? `, signed for by ${event.signature.name}` : '';
          const note = PRINT_NOTES[event.status];
          await syncLetter(q, c.delivery_id, note ? `${note}${signed}` : null);
        }
      }
      // A stale event (overtaken by a later one) still has its place in the tracking timeline.
      if (event.trackingNumber || event.description || event.signature) await recordTracking(q, blobs, c, event);
      if (!advances && !event.trackingNumber && !event.description) return false;
      await emitChannelUpdated(q, c.account_id, c.delivery_id, c.channel);
      return true;
    });
    if (done) applied++;
    if (done === null) unknown++;
  }
  return { applied, unknown };
}

/** Twilio's status callback (or the sandbox's). */
export async function handleSmsCallback(
  pool: pg.Pool,
  providers: Pick<ChannelProviders, 'print' | 'sms'>,
  input: { url: string; params: Record<string, string>; signature: string | undefined },
): Promise<{ applied: boolean; unknown: boolean }> {
  let event: ReturnType<typeof providers.sms.verifyCallback>;
  try {
    event = providers.sms.verifyCallback(input);
  } catch (error) {
    if (error instanceof SmsSignatureError || error instanceof SmsCallbackError)
      throw new AppError('WEBHOOK_INVALID', error.message);
    throw error;
  }
  const applied = await inTransaction(pool, async (q) => {
    const c = await lockChannel(q, providers.sms.name, event.id);
    if (!c) return null;
    // Twilio's callbacks carry no event id; a message reaches each status once.
    if (!(await firstTime(q, `sms:${providers.sms.name}`, `${event.id}:${event.status}`))) return false;
    const current = (c.provider_status as SmsStatus | null) ?? 'queued';
    if (!smsStatusAdvances(current, event.status)) return false;
    await q.query(
      'update letter_delivery_channels set provider_status = $3, updated_at = now() where delivery_id = $1 and channel = $2',
      [c.delivery_id, c.channel, event.status],
    );
    if (event.status === 'delivered') {
      await q.query(`update letter_delivery_channels set state = 'succeeded' where delivery_id = $1 and channel = $2`, [
        c.delivery_id,
        c.channel,
      ]);
      await syncLetter(q, c.delivery_id, 'Text message: delivered to the phone');
    } else if (event.status === 'undelivered' || event.status === 'failed') {
      const reason =
        (event.errorCode && TWILIO_ERRORS[Number(event.errorCode)]) || 'The text message could not be delivered.';
      await failChannel(q, c, reason, true);
      await syncLetter(q, c.delivery_id, `Text message failed: ${reason} (refunded)`);
    }
    await emitChannelUpdated(q, c.account_id, c.delivery_id, c.channel);
    return true;
  });
  return { applied: applied === true, unknown: applied === null };
}
