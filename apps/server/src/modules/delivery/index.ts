// The public face of modules/delivery: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { AUTO_DELIVER_TASK, autoDeliver, memberContext, queueAutoDeliver } from './auto-deliver.js';
export { handlePrintWebhook, handleSmsCallback } from './callbacks.js';
export { registerDeliveryApprovals } from './decide.js';
export { DELIVER_TASK, deliverLetter, printersOf } from './deliver.js';
export { createDeliveryProviders } from './providers.js';
export { registerDeliveryRoutes } from './routes.js';
export { type DeliveryDeps, runDelivery } from './run-delivery.js';
