import type pg from 'pg';
import type { ParcelRow } from '../../platform/db/rows.js';
import { emitEvent } from '../../platform/webhook-outbox.js';

type ParcelEventRow = Pick<
  ParcelRow,
  | 'id'
  | 'status'
  | 'tracking_status'
  | 'carrier_name'
  | 'service_name'
  | 'shipment_id'
  | 'recipient_name'
  | 'recipient_postcode'
  | 'cost_pence'
  | 'created_at'
  | 'updated_at'
> & { collection_date: string }; // to_char(collection_date, 'YYYY-MM-DD')

/**
 * `parcel.status_changed` (decision 0029), in the transaction of the change: a move of its status,
 * or of its carrier's tracking status, with the status it had before.
 */
export async function emitParcelStatusChanged(
  q: pg.ClientBase,
  accountId: string,
  parcelId: string,
  previousStatus: string,
): Promise<void> {
  await emitEvent(q, accountId, 'parcel.status_changed', async () => {
    const { rows } = await q.query<ParcelEventRow>(
      `select id, status, tracking_status, carrier_name, service_name, shipment_id, recipient_name, recipient_postcode,
              cost_pence, to_char(collection_date, 'YYYY-MM-DD') as collection_date, created_at, updated_at
         from parcels where id = $1`,
      [parcelId],
    );
    const p = rows[0];
    if (!p) return null;
    return {
      id: p.id,
      status: p.status,
      previous_status: previousStatus,
      tracking_status: p.tracking_status,
      carrier: p.carrier_name,
      service: p.service_name,
      shipment_id: p.shipment_id,
      recipient_name: p.recipient_name,
      recipient_postcode: p.recipient_postcode,
      cost_pence: p.cost_pence,
      collection_date: p.collection_date,
      created_at: p.created_at.toISOString(),
      updated_at: p.updated_at.toISOString(),
    };
  });
}
