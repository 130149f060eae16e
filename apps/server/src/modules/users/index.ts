// The public face of modules/users: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerUserRoutes } from './routes.js';
export { releaseSpendInMonth, reserveSpend } from './spend.js';
