import { NotAvailableYet } from '../../components/not-available-yet';

export function CustomersPage() {
  return <NotAvailableYet title="Customers" />;
}

export default CustomersPage;
