/**
 * Names of the durable jobs more than one part of the server refers to: the part that queues a job
 * and the wiring that runs it both import the name from here (a module's own jobs keep their names
 * beside their code).
 */
export const TASKS = {
  sendEmail: 'send_email',
  requestPasswordReset: 'request_password_reset',
  /** Queued by every way a letter arrives (upload, invoice import, split); run by letters. */
  analyseLetter: 'analyse_letter',
  /** Queued by the analysis of a clean letter when the company delivers automatically; run by delivery. */
  autoDeliverLetter: 'auto_deliver_letter',
  /** Queued by the webhook outbox (platform/webhook-outbox.ts) in the transaction of an event; run by webhooks. */
  sendWebhook: 'send_webhook',
} as const;
