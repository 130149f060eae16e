import { NotAvailableYet } from '../../components/not-available-yet';

export function TestCommsPage() {
  return <NotAvailableYet title="Test communications" />;
}

export default TestCommsPage;
