import { NotAvailableYet } from '../../components/not-available-yet';

export function GuidePage() {
  return <NotAvailableYet title="Guide" />;
}

export default GuidePage;
