import { NotAvailableYet } from '../../components/not-available-yet';

export function FinancesPage() {
  return <NotAvailableYet title="Finances" />;
}

export default FinancesPage;
