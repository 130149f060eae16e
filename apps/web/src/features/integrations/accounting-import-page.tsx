import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/not-available-yet';
import { NotFound } from '../../components/not-found';
import { ACCOUNTING_ENTITY_TYPES, findAccountingProvider } from './accounting-providers';

/** /:provider/:entityType: contacts or invoices of an accounting provider, for import. Other pairs are not pages. */
export function AccountingImportPage() {
  const { provider, entityType } = useParams();
  const found = findAccountingProvider(provider);
  const type = ACCOUNTING_ENTITY_TYPES.find((t) => t === entityType);
  if (!found || !type) return <NotFound />;
  return <NotAvailableYet title={`${found.name} ${type}`} />;
}

export default AccountingImportPage;
