import { NotAvailableYet } from '../../components/not-available-yet';

export function RegistrationInfoPage() {
  return <NotAvailableYet title="Registration information" />;
}

export default RegistrationInfoPage;
