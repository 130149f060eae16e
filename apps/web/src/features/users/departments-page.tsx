import { AdminPage } from './admin-page';

/** /departments: the company's departments (and the way back to the members). */
export function DepartmentsPage() {
  return <AdminPage section="departments" />;
}

export default DepartmentsPage;
