// The public face of modules/company: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerDeliveryPreferenceRoutes } from './delivery-preferences-routes.js';
export { getPostalAddress } from './get-company-profile.js';
export { registerCompanyRoutes } from './routes.js';
