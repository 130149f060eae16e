import { NotAvailableYet } from '../../components/not-available-yet';

export function UsersPage() {
  return <NotAvailableYet title="Users & Departments" />;
}

export default UsersPage;
