import { NotAvailableYet } from '../../components/not-available-yet';

export function AccountSettingsPage() {
  return <NotAvailableYet title="Account settings" />;
}

export default AccountSettingsPage;
