// The public face of modules/api-keys: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerApiKeyRoutes } from './routes.js';
