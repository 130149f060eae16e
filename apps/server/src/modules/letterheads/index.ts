// The public face of modules/letterheads: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { applyLetterhead } from './compose.js';
export { appendInsert, type InsertForDelivery, loadInsert, registerInsertRoutes } from './inserts.js';
export { loadLetterhead } from './load-letterhead.js';
export { registerLetterheadRoutes } from './routes.js';
