import type { ChannelState, DeliveryChannel } from '@lp/domain';
import type pg from 'pg';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterDeliveryChannelRow, LetterDeliveryRow } from '../../platform/db/rows.js';
import { emitEvent } from '../../platform/webhook-outbox.js';

type ChannelEventRow = Narrow<
  Pick<LetterDeliveryChannelRow, 'delivery_id' | 'channel' | 'state' | 'provider_status' | 'reason' | 'updated_at'>,
  { channel: DeliveryChannel; state: ChannelState }
> &
  Pick<LetterDeliveryRow, 'letter_id'>;

/**
 * `delivery.channel_updated` (decision 0029), in the transaction that moved the channel on: its
 * state, the provider's status and the failure's reason as they are now.
 */
export async function emitChannelUpdated(
  q: pg.ClientBase,
  accountId: string,
  deliveryId: string,
  channel: DeliveryChannel,
): Promise<void> {
  await emitEvent(q, accountId, 'delivery.channel_updated', async () => {
    const { rows } = await q.query<ChannelEventRow>(
      `select c.delivery_id, c.channel, c.state, c.provider_status, c.reason, c.updated_at, d.letter_id
         from letter_delivery_channels c join letter_deliveries d on d.id = c.delivery_id
        where c.delivery_id = $1 and c.channel = $2`,
      [deliveryId, channel],
    );
    const c = rows[0];
    if (!c) return null;
    return {
      letter_id: c.letter_id,
      delivery_id: c.delivery_id,
      channel: c.channel,
      state: c.state,
      provider_status: c.provider_status,
      reason: c.reason,
      updated_at: c.updated_at.toISOString(),
    };
  });
}
