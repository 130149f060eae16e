import { AppError } from '../../platform/errors.js';
import { type CarrierName, CarrierWebhookError } from '../../providers/carriers/types.js';
import { applyTrackingEvents, type ParcelDeps } from './booking.js';

/** Verifies and applies a carrier's pushed events (the public route and the sandboxes' sink). */
export async function handleCarrierWebhook(
  deps: Pick<ParcelDeps, 'pool' | 'carriers'>,
  carrier: CarrierName,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ applied: number; unknown: number }> {
  const adapter = deps.carriers.get(carrier);
  if (!adapter) throw new AppError('NOT_FOUND');
  let events: ReturnType<typeof adapter.verifyWebhook>;
  try {
    events = adapter.verifyWebhook(raw, signature);
  } catch (error) {
    if (error instanceof CarrierWebhookError) throw new AppError('WEBHOOK_INVALID');
    throw error;
  }
  return applyTrackingEvents(deps.pool, carrier, events);
}
