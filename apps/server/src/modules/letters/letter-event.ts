import type pg from 'pg';
import type { LetterRow } from '../../platform/db/rows.js';
import type { LetterEventData } from '../../platform/webhook-outbox.js';

type EventLetterRow = Pick<
  LetterRow,
  | 'id'
  | 'name'
  | 'status'
  | 'status_reason'
  | 'document_type'
  | 'recipient_name_snapshot'
  | 'recipient_address_snapshot'
  | 'postcode'
  | 'delivery_channels'
  | 'successful_delivery_channels'
  | 'unsuccessful_delivery_channels'
  | 'created_at'
  | 'updated_at'
> & { num_pages: number | null };

/** A letter as its webhook events carry it (decision 0029): a stable subset of GET /api/letters/{id}. */
export async function letterEventData(q: pg.ClientBase, letterId: string): Promise<LetterEventData | null> {
  const { rows } = await q.query<EventLetterRow>(
    `select id, name, status, status_reason, document_type, num_pages::int as num_pages, recipient_name_snapshot,
            recipient_address_snapshot, postcode, delivery_channels, successful_delivery_channels,
            unsuccessful_delivery_channels, created_at, updated_at
       from letters where id = $1`,
    [letterId],
  );
  const l = rows[0];
  if (!l) return null;
  return {
    id: l.id,
    name: l.name,
    status: l.status,
    status_reason: l.status_reason,
    document_type: l.document_type,
    num_pages: l.num_pages,
    recipient: l.recipient_name_snapshot
      ? { name: l.recipient_name_snapshot, address_lines: l.recipient_address_snapshot ?? [], postcode: l.postcode }
      : null,
    delivery_channels: l.delivery_channels,
    successful_delivery_channels: l.successful_delivery_channels,
    unsuccessful_delivery_channels: l.unsuccessful_delivery_channels,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
  };
}
