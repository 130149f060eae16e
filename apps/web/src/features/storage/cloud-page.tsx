import { NotAvailableYet } from '../../components/not-available-yet';

export function CloudPage() {
  return <NotAvailableYet title="Cloud storage" />;
}

export default CloudPage;
