// The public face of modules/integrations: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { findLetterCloudSyncs } from './find-letter-cloud-syncs.js';
export { INVOICE_SYNC_TASK, type InvoiceSyncPayload, runInvoiceSync } from './invoice-sync.js';
export { DRIVE_SYNC_TASK, type DriveSyncPayload, queueDriveSyncs } from './queue-drive-sync.js';
export { RESEAL_JOB_KEY, RESEAL_TASK, resealIntegrationTokens } from './reseal-tokens.js';
export { runDriveSync } from './run-drive-sync.js';
export { Integrations } from './service.js';
export { registerIntegrations } from './wiring.js';
