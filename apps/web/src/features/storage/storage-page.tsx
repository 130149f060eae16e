import { NotAvailableYet } from '../../components/not-available-yet';

export function StoragePage() {
  return <NotAvailableYet title="Storage" />;
}

export default StoragePage;
