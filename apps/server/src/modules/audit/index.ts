// The public face of modules/audit: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerAuditRoutes } from './routes.js';
