// The public face of modules/money: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { actorOf } from './actor.js';
export { capture, hold, readBalance, refund, release } from './ledger.js';
export { RENEW_TASK, renewDuePlans, renewPlan } from './plans.js';
export { reconcile } from './reconcile.js';
export { registerMoneyRoutes } from './routes.js';
export { receiveFunds } from './top-up.js';
export { accountReference, findTransferAccount, recordBankTransfer } from './transfers.js';
export { createPayments, type Payments } from './wiring.js';
