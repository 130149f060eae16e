import type { DbRow } from './row.js';
import type {
  accountBalances,
  accounts,
  apiKeys,
  approvals,
  auditLog,
  authAccounts,
  cloudLinks,
  customers,
  deliveryEvents,
  departmentSupervisors,
  departments,
  holds,
  idempotencyKeys,
  integrationImports,
  integrationOauthStates,
  integrations,
  invitations,
  ledgerEntries,
  letterCloudSyncs,
  letterDeliveries,
  letterDeliveryChannels,
  letterHistory,
  letterheads,
  letterInserts,
  letters,
  memberSpend,
  mergeRunRecipients,
  mergeRuns,
  mergeTemplates,
  notifications,
  parcelDrafts,
  parcelHistory,
  parcelPresets,
  parcelQuotes,
  parcels,
  parcelTracking,
  paymentEvents,
  paymentIntents,
  planPeriods,
  rateLimits,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sessions,
  signInEvents,
  storageItems,
  storageUploads,
  storageUsage,
  users,
  verifications,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from './schema.js';

/**
 * Every table's row as a raw query returns it (`select *` through node-postgres), derived from
 * schema.ts by DbRow (row.ts). A query that reads some columns types its rows with a Pick of these.
 */
export type AccountRow = DbRow<typeof accounts>;
export type DepartmentRow = DbRow<typeof departments>;
export type UserRow = DbRow<typeof users>;
export type SessionRow = DbRow<typeof sessions>;
export type AuthAccountRow = DbRow<typeof authAccounts>;
export type VerificationRow = DbRow<typeof verifications>;
export type InvitationRow = DbRow<typeof invitations>;
export type SignInEventRow = DbRow<typeof signInEvents>;
export type NotificationRow = DbRow<typeof notifications>;
export type DepartmentSupervisorRow = DbRow<typeof departmentSupervisors>;
export type ApprovalRow = DbRow<typeof approvals>;
export type MemberSpendRow = DbRow<typeof memberSpend>;
export type AuditLogRow = DbRow<typeof auditLog>;
export type LetterRow = DbRow<typeof letters>;
export type LetterHistoryRow = DbRow<typeof letterHistory>;
export type AccountBalanceRow = DbRow<typeof accountBalances>;
export type LedgerEntryRow = DbRow<typeof ledgerEntries>;
export type HoldRow = DbRow<typeof holds>;
export type PaymentIntentRow = DbRow<typeof paymentIntents>;
export type PaymentEventRow = DbRow<typeof paymentEvents>;
export type PlanPeriodRow = DbRow<typeof planPeriods>;
export type SandboxPaymentIntentRow = DbRow<typeof sandboxPaymentIntents>;
export type SandboxPaymentMethodRow = DbRow<typeof sandboxPaymentMethods>;
export type LetterDeliveryRow = DbRow<typeof letterDeliveries>;
export type LetterDeliveryChannelRow = DbRow<typeof letterDeliveryChannels>;
export type CloudLinkRow = DbRow<typeof cloudLinks>;
export type DeliveryEventRow = DbRow<typeof deliveryEvents>;
export type CustomerRow = DbRow<typeof customers>;
export type MergeTemplateRow = DbRow<typeof mergeTemplates>;
export type MergeRunRow = DbRow<typeof mergeRuns>;
export type MergeRunRecipientRow = DbRow<typeof mergeRunRecipients>;
export type LetterheadRow = DbRow<typeof letterheads>;
export type LetterInsertRow = DbRow<typeof letterInserts>;
export type ParcelRow = DbRow<typeof parcels>;
export type ParcelHistoryRow = DbRow<typeof parcelHistory>;
export type ParcelTrackingRow = DbRow<typeof parcelTracking>;
export type ParcelQuoteRow = DbRow<typeof parcelQuotes>;
export type ParcelPresetRow = DbRow<typeof parcelPresets>;
export type ParcelDraftRow = DbRow<typeof parcelDrafts>;
export type StorageItemRow = DbRow<typeof storageItems>;
export type StorageUsageRow = DbRow<typeof storageUsage>;
export type StorageUploadRow = DbRow<typeof storageUploads>;
export type IntegrationRow = DbRow<typeof integrations>;
export type IntegrationOauthStateRow = DbRow<typeof integrationOauthStates>;
export type IntegrationImportRow = DbRow<typeof integrationImports>;
export type LetterCloudSyncRow = DbRow<typeof letterCloudSyncs>;
export type RateLimitRow = DbRow<typeof rateLimits>;
export type ApiKeyRow = DbRow<typeof apiKeys>;
export type IdempotencyKeyRow = DbRow<typeof idempotencyKeys>;
export type WebhookEndpointRow = DbRow<typeof webhookEndpoints>;
export type WebhookEventRow = DbRow<typeof webhookEvents>;
export type WebhookDeliveryRow = DbRow<typeof webhookDeliveries>;
export type WebhookAttemptRow = DbRow<typeof webhookAttempts>;
