// The public face of modules/customers: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { findCustomer } from './find-customer.js';
export { registerCustomerImportRoutes } from './import-routes.js';
export { registerCustomerRoutes } from './routes.js';
