// The public face of modules/storage: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { fileLetterForCustomer } from './letter-links.js';
export { registerStorageRoutes, sweepAbandonedUploads } from './routes.js';
