// The public face of modules/storage: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { fileLetterForCustomer } from './letter-links.js';
export { registerStorageRoutes } from './routes.js';
export { sweepAbandonedUploads } from './sweep-uploads.js';
