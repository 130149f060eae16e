import {
  CHANNEL_LABELS,
  type PrintStatus,
  type SmsStatus,
  shouldApplyPrintStatus,
  smsStatusAdvances,
} from '@lp/domain';
import type pg from 'pg';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { PrintWebhookError, parsePrintWebhook } from '../../providers/print.js';
import { SmsCallbackError, SmsSignatureError, TWILIO_ERRORS } from '../../providers/sms.js';
import { refund } from '../money/index.js';
import { emitChannelUpdated } from './channel-event.js';
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

/** Stannp's webhook (or the sandbox's): answers how many events were applied. */
export async function handlePrintWebhook(
  pool: pg.Pool,
  providers: Pick<ChannelProviders, 'print' | 'sms'>,
  raw: Buffer,
  signature: string | undefined,
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
      if (!shouldApplyPrintStatus((c.provider_status as PrintStatus | null) ?? null, event.status)) return false;
      await q.query(
        'update letter_delivery_channels set provider_status = $3, updated_at = now() where delivery_id = $1 and channel = $2',
        [c.delivery_id, c.channel, event.status],
      );
      if (event.status === 'returned') {
        await failChannel(q, c, 'Returned to sender by Royal Mail', false);
        await syncLetter(q, c.delivery_id, 'Mail: returned to sender');
      } else if (event.status === 'cancelled' || event.status === 'failed') {
        await failChannel(q, c, 'The printing service could not produce the letter', true);
        await syncLetter(q, c.delivery_id, 'Mail: not printed (refunded)');
      } else {
        if (['handed_over', 'local_delivery', 'delivered'].includes(event.status) && c.state === 'handed_over')
          await q.query(
            `update letter_delivery_channels set state = 'succeeded' where delivery_id = $1 and channel = $2`,
            [c.delivery_id, c.channel],
          );
        await syncLetter(q, c.delivery_id, PRINT_NOTES[event.status] ?? null);
      }
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
