import {
  type AccountingEntityType,
  INTEGRATION_PROVIDERS,
  type IntegrationProviderInfo,
  providerFromRouteSlug,
} from '@lp/domain';

export { ACCOUNTING_ENTITY_TYPES } from '@lp/domain';

/** The spec's route slugs of the accounting providers' return pages (/xeroRedirect, ...). */
export type AccountingSlug = 'xero' | 'quickBooks' | 'sage';

/** The accounting provider of a route slug (xero, quickBooks, sage); anything else is not a page. */
export function findAccountingProvider(slug: string | undefined): IntegrationProviderInfo | undefined {
  return providerFromRouteSlug(slug);
}

/** The cloud drive named by /cloudRedirect?provider= (its id, or the spec's snake-case name). */
export function findCloudProvider(value: string | null): IntegrationProviderInfo | undefined {
  if (!value) return undefined;
  return INTEGRATION_PROVIDERS.find((p) => p.kind === 'cloud' && (p.id === value || p.snakeCaseProviderName === value));
}

/** Where an accounting provider's contacts or invoices are listed for import (/xero/invoices). */
export function importPath(provider: IntegrationProviderInfo, entity: AccountingEntityType): string {
  return `/${provider.routeSlug}/${entity}`;
}
