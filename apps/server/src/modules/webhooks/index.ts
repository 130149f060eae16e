// The public face of modules/webhooks: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { webhookEventsOpenApi } from './openapi.js';
export { registerWebhookRoutes } from './routes.js';
export { runWebhookDelivery, type SendPayload, type WebhookSenderDeps } from './send-webhook.js';
export { pruneWebhookEvents, resealWebhookSecrets, WEBHOOK_EVENTS_KEPT_DAYS } from './upkeep.js';
