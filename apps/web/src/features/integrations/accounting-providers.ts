/** The three accounting providers and the entity types their import screens list. */
export const ACCOUNTING_PROVIDERS = [
  { slug: 'xero', name: 'Xero' },
  { slug: 'quickBooks', name: 'QuickBooks' },
  { slug: 'sage', name: 'Sage' },
] as const;

export const ACCOUNTING_ENTITY_TYPES = ['contacts', 'invoices'] as const;

export function findAccountingProvider(slug: string | undefined) {
  return ACCOUNTING_PROVIDERS.find((p) => p.slug === slug);
}
