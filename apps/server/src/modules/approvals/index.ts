// The public face of modules/approvals: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export {
  type ApprovalRow,
  needsApproval,
  registerApprovalHandler,
  registerDenyHandler,
  requestApproval,
} from './approvals.js';
export { registerApprovalRoutes } from './routes.js';
