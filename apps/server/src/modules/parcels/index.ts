// The public face of modules/parcels: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export {
  BOOK_PARCEL_TASK,
  deleteExpiredQuotes,
  FETCH_LABEL_TASK,
  type ParcelDeps,
  registerParcelApprovals,
  runBooking,
  runLabelFetch,
} from './booking.js';
export { handleCarrierWebhook } from './carrier-webhook.js';
export { registerParcelRoutes } from './routes.js';
