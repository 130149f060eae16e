import { NotAvailableYet } from '../../components/not-available-yet';
import { ACCOUNTING_PROVIDERS } from './accounting-providers';

/** The return page of a provider's authorisation (/xeroRedirect, /quickBooksRedirect, /sageRedirect). */
export function AccountingRedirectPage({ provider }: { provider: (typeof ACCOUNTING_PROVIDERS)[number]['slug'] }) {
  const name = ACCOUNTING_PROVIDERS.find((p) => p.slug === provider)?.name ?? provider;
  return <NotAvailableYet title={`Connecting ${name}`} />;
}

export default AccountingRedirectPage;
