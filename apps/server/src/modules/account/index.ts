// The public face of modules/account: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerAccountRoutes } from './routes.js';
