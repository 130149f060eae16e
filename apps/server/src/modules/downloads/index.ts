// The public face of modules/downloads: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerDownloadRoutes } from './routes.js';
