// The public face of modules/departments: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { registerDepartmentRoutes } from './routes.js';
