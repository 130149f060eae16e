/**
 * Integrations (part 2 sections 2, 3, 4, 6, 7 and 8; issue 15; decision 0021): the six providers,
 * the slugs the spec's routes use, and the texts users read.
 */
import type { PlanFeature } from './plans.js';

export const INTEGRATION_PROVIDER_IDS = ['xero', 'quickbooks', 'sage', 'google_drive', 'dropbox', 'onedrive'] as const;
export type IntegrationProviderId = (typeof INTEGRATION_PROVIDER_IDS)[number];
export type IntegrationKind = 'accounting' | 'cloud';

export interface IntegrationProviderInfo {
  id: IntegrationProviderId;
  name: string;
  /** The spec's snakeCaseProviderName. */
  snakeCaseProviderName: string;
  kind: IntegrationKind;
  description: string;
  /** The slug of the spec's screens (/{provider}/{entityType}, /{slug}Redirect); cloud drives have none. */
  routeSlug: string | null;
  planFeature: PlanFeature;
}

export const INTEGRATION_PROVIDERS: readonly IntegrationProviderInfo[] = [
  {
    id: 'xero',
    name: 'Xero',
    snakeCaseProviderName: 'xero',
    kind: 'accounting',
    description: 'Import your Xero contacts as customers and post your invoices as letters.',
    routeSlug: 'xero',
    planFeature: 'accounting_integrations',
  },
  {
    id: 'quickbooks',
    name: 'QuickBooks',
    snakeCaseProviderName: 'quick_books',
    kind: 'accounting',
    description: 'Import your QuickBooks Online customers and send their invoices by post, email or text.',
    routeSlug: 'quickBooks',
    planFeature: 'accounting_integrations',
  },
  {
    id: 'sage',
    name: 'Sage',
    snakeCaseProviderName: 'sage',
    kind: 'accounting',
    description: 'Import contacts and sales invoices from Sage Business Cloud Accounting.',
    routeSlug: 'sage',
    planFeature: 'accounting_integrations',
  },
  {
    id: 'google_drive',
    name: 'Google Drive',
    snakeCaseProviderName: 'google_drive',
    kind: 'cloud',
    description: 'Keep a copy of every letter you send in a folder of your Google Drive.',
    routeSlug: null,
    planFeature: 'cloud_storage_integrations',
  },
  {
    id: 'dropbox',
    name: 'Dropbox',
    snakeCaseProviderName: 'dropbox',
    kind: 'cloud',
    description: 'Keep a copy of every letter you send in a folder of your Dropbox.',
    routeSlug: null,
    planFeature: 'cloud_storage_integrations',
  },
  {
    id: 'onedrive',
    name: 'OneDrive',
    snakeCaseProviderName: 'one_drive',
    kind: 'cloud',
    description: 'Keep a copy of every letter you send in a folder of your OneDrive.',
    routeSlug: null,
    planFeature: 'cloud_storage_integrations',
  },
];

/** The cloud drives' ids: the values a customer's cloud storage provider may take. */
export const CLOUD_DRIVE_IDS = [
  'google_drive',
  'dropbox',
  'onedrive',
] as const satisfies readonly IntegrationProviderId[];
export type CloudDriveId = (typeof CLOUD_DRIVE_IDS)[number];

/**
 * A stored cloud storage provider as its drive's id: an id, or a drive's name as older rows hold it
 * ("Google Drive"), read the way the drive sync job reads it; null for none or anything else.
 */
export function cloudDriveOf(value: string | null | undefined): CloudDriveId | null {
  const id = (value ?? '').trim().toLowerCase().replace(/ /g, '_');
  return (CLOUD_DRIVE_IDS as readonly string[]).includes(id) ? (id as CloudDriveId) : null;
}

export const ACCOUNTING_ENTITY_TYPES = ['contacts', 'invoices'] as const;
export type AccountingEntityType = (typeof ACCOUNTING_ENTITY_TYPES)[number];

export function findIntegrationProvider(id: string): IntegrationProviderInfo | undefined {
  return INTEGRATION_PROVIDERS.find((p) => p.id === id);
}

/** The accounting provider of a route slug (xero, quickBooks, sage). */
export function providerFromRouteSlug(slug: string | undefined): IntegrationProviderInfo | undefined {
  return INTEGRATION_PROVIDERS.find((p) => p.routeSlug !== null && p.routeSlug === slug);
}

export const INTEGRATION_MESSAGES = {
  disconnected: (provider: string) => `Disconnected ${provider} integration.`,
  connected: (provider: string) => `Connected ${provider} integration.`,
  error: 'An error occured',
  errorTryAgain: 'An error occured. Please try again.',
  viewInvoice: (provider: string) => `View invoice in ${provider}`,
  viewContact: (provider: string) => `View contact in ${provider}`,
  // Ours (the spec gives no words for these).
  notConnected: (provider: string) => `${provider} is not connected. Connect it on the Integrations page first.`,
  revoked: (provider: string) => `${provider} no longer accepts our access. Reconnect it to carry on.`,
  stateInvalid: 'This sign-in link has expired or was not started here. Connect again from the Integrations page.',
  denied: (provider: string) => `${provider} did not give access, so nothing was connected.`,
  providerDown: (provider: string) => `${provider} did not answer. Try again in a moment.`,
  nothingChosen: 'Choose at least one to import.',
  contactsImported: (created: number, updated: number, kept = 0) =>
    `${created} customer${created === 1 ? '' : 's'} added, ${updated} updated${kept > 0 ? `, ${kept} kept as they were` : ''}.`,
  invoicesImported: (n: number) => `${n} invoice${n === 1 ? '' : 's'} imported as letters.`,
  autoSyncOn: (provider: string) => `Letters will be copied to ${provider}.`,
  autoSyncOff: (provider: string) => `Letters will no longer be copied to ${provider}.`,
  // Accounting providers (issue 27 item 20): new invoices imported every hour.
  invoiceSyncOn: (provider: string) =>
    `New ${provider} invoices will be imported as letters every hour, from those issued today.`,
  invoiceSyncOff: (provider: string) => `${provider} invoices will no longer be imported on their own.`,
  invoiceSyncHint: (provider: string) =>
    `Every hour, sales invoices issued in ${provider} since you turned this on are imported as letters, ready to check and deliver. Nothing is sent or charged until you deliver them.`,
  syncTurnedOff: (provider: string) => `Auto-sync to ${provider} was turned off before the letter was copied.`,
  syncGaveUp: (provider: string, reason: string) =>
    `${provider} did not take the letter after several tries: ${reason}`,
} as const;
