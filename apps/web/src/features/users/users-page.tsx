import { AdminPage } from './admin-page';

/** /users: the members of the company (and the way to the departments). */
export function UsersPage() {
  return <AdminPage section="users" />;
}

export default UsersPage;
