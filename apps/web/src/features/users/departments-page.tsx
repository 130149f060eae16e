import { NotAvailableYet } from '../../components/not-available-yet';

export function DepartmentsPage() {
  return <NotAvailableYet title="Departments" />;
}

export default DepartmentsPage;
