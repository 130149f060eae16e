// The public face of modules/health: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerHealthRoutes } from './routes.js';
