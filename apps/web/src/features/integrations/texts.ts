import type { AccountingEntityType, IntegrationKind } from '@lp/domain';
import { formatDisplayDate } from '../../lib/dates';

/**
 * The screens' own words (labels, headings, progress). What the spec words, and what the server
 * answers, lives in @lp/domain INTEGRATION_MESSAGES.
 */
export const INTEGRATIONS_TEXT = {
  title: 'Integrations',
  intro:
    'Connect your accounting software to import contacts as customers and invoices as letters, and a cloud drive to keep a copy of the letters you send.',
  group: { accounting: 'Accounting', cloud: 'Cloud storage' } satisfies Record<IntegrationKind, string>,
  connect: 'Connect',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  connectLabel: (provider: string) => `Connect ${provider}`,
  reconnectLabel: (provider: string) => `Reconnect ${provider}`,
  disconnectLabel: (provider: string) => `Disconnect ${provider}`,
  connecting: (provider: string) => `Opening ${provider}...`,
  connected: 'Connected',
  connectedTo: (tenant: string) => `Connected to ${tenant}`,
  since: (at: string) => `since ${formatDisplayDate(at)}`,
  confirmDisconnect: (provider: string) =>
    `${provider} will be disconnected. What you imported stays; nothing more is imported or copied until you connect again.`,
  autoSync: 'Auto-sync',
  importInvoicesHourly: 'Import new invoices every hour',
  copyLetters: (provider: string) => `Copy letters to ${provider}`,
  autoSyncHint: 'Connect first to switch this on.',
  invoices: 'Invoices',
  contacts: 'Contacts',
  entityLabel: (provider: string, entity: AccountingEntityType) => `${provider} ${entity}`,
  notInPlan: (kind: IntegrationKind) =>
    `Your plan does not include ${kind === 'accounting' ? 'accounting' : 'cloud storage'} integrations.`,
  seePlans: 'See plans',
  goToIntegrations: 'Go to Integrations',
  tryAgain: 'Try again',
  // Return pages.
  returnTitle: (provider: string) => `Connecting ${provider}`,
  registering: (provider: string) => `Saving the access ${provider} gave...`,
  checking: (provider: string) => `Checking the connection to ${provider}...`,
  // Import pages.
  importIntro: {
    contacts: (provider: string) =>
      `Choose the ${provider} contacts to add as customers. A contact imported before updates its customer.`,
    invoices: (provider: string) =>
      `Choose the ${provider} invoices to turn into letters, addressed to their contacts and ready to deliver.`,
  } satisfies Record<AccountingEntityType, (provider: string) => string>,
  selectAll: 'Select all',
  selected: (n: number) => `${n} selected`,
  select: (what: string) => `Select ${what}`,
  importSelected: 'Import selected',
  checkingContacts: (n: number) => `Comparing ${n} contact${n === 1 ? '' : 's'} with your customers...`,
  importing: (n: number, entity: AccountingEntityType) =>
    `Importing ${n} ${entity === 'contacts' ? (n === 1 ? 'contact' : 'contacts') : n === 1 ? 'invoice' : 'invoices'}...`,
  alreadyImported: 'Already imported',
  none: { contacts: 'There are no contacts to import.', invoices: 'There are no invoices to import.' } satisfies Record<
    AccountingEntityType,
    string
  >,
  invoiceNumber: (id: string) => `Invoice ${id}`,
  items: (n: number) => `${n} item${n === 1 ? '' : 's'}`,
  itemsOf: (id: string) => `Items of invoice ${id}`,
  noEmail: 'No email',
  noAddress: 'No address',
  newTab: '(opens in a new tab)',
  viewCustomers: 'View customers',
  openCustomer: 'Open its customer',
  openLetter: 'Open its letter',
  showMore: 'Show more',
  loadingMore: 'Loading more...',
  importingOf: (done: number, total: number) => `${done} of ${total} done`,
  refusedTitle: (n: number) => `${n} could not be imported:`,
  letterFor: (invoiceId: string) => `Letter for invoice ${invoiceId}`,
  newLetters: 'The new letters, ready to deliver:',
} as const;
