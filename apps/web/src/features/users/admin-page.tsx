import { ADMIN_MESSAGES, DEPARTMENT_ADVICE_THRESHOLD, planHasFeature, sortRoles } from '@lp/domain';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { useTabsLayout } from '../../components/use-tabs-layout';
import { type Me, useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { ADD_USERS, AddUsersDialog, CREATE_DEPARTMENTS, NEEDS_MANAGE_USERS } from './add-users-dialog';
import {
  type Department,
  departmentKeys,
  fetchDepartments,
  fetchUsers,
  type UserRow,
  useAllDepartments,
  userKeys,
  useUserByEmail,
} from './api';
import { AUDIT_LOG, AuditLogSection } from './audit-log';
import { CreateDepartmentsDrawer, DepartmentDrawer, departmentRefusal } from './department-drawers';
import { InviteDrawer } from './invite-drawer';
import { roleLabel } from './role-editor';
import { type AdminAbilities, UserDetailsDrawer, userStatus } from './user-details-drawer';

export type AdminSection = 'users' | 'departments';

/** /users?section=audit: the owner's audit log, a section of the Users page without a route of its own. */
export const AUDIT_SECTION = 'audit';
const AUDIT_PATH = `/users?section=${AUDIT_SECTION}`;

export const USER_TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending invitations' },
] as const;

const USER_COLUMNS: DataTableColumn<UserRow>[] = [
  { key: 'user_name', label: 'Name', primary: true, render: (u) => u.user_name || u.email_address },
  { key: 'email_address', label: 'Email' },
  { key: 'department', label: 'Department', filterable: true, render: (u) => u.department ?? '—' },
  {
    key: 'role',
    label: 'Roles',
    filterable: true,
    render: (u) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {sortRoles(u.roles).map((r) => (
          <Chip key={r} size="small" label={roleLabel(r)} />
        ))}
      </Box>
    ),
    formatFilterValue: roleLabel,
  },
  {
    key: 'accepted_invite',
    label: 'Status',
    filterable: true,
    render: (u) => userStatus(u),
    formatFilterValue: (v) => (v === 'true' ? 'Active' : v === 'false' ? 'Invited' : v),
  },
];

const DEPARTMENT_COLUMNS: DataTableColumn<Department>[] = [
  { key: 'name', label: 'Name', primary: true },
  { key: 'numMembers', label: 'Members', render: (d) => String(d.numMembers ?? 0) },
  {
    key: 'supervised_by',
    label: 'Supervisors',
    render: (d) => (d.supervised_by?.length ? d.supervised_by.join(', ') : '—'),
  },
];

/** What the signed-in member may do here (the server refuses the rest). */
function rightsOf(me: Me) {
  const abilities = new Set(me.abilities);
  const manageUsers = abilities.has('manage_users');
  const manageCompany = abilities.has('manage_company');
  const planAllows = planHasFeature(me.account.currentPlan, 'department_management_and_reports');
  return {
    manageUsers,
    manageCompany,
    setSpendingCap: abilities.has('set_spending_cap'),
    inviteRefusal: manageUsers ? null : NEEDS_MANAGE_USERS,
    departmentsRefusal: departmentRefusal(manageCompany, planAllows),
    /** Only the company's owner reads the audit log (the server answers 403 to anyone else). */
    readAudit: me.user.roles.includes('owner'),
  };
}

/**
 * /users and /departments: the "Users" and "Departments" sections, "Add users" and the panels; for the
 * owner also "Audit log" (/users?section=audit).
 */
export function AdminPage({ section }: { section: AdminSection }) {
  const me = useMe().data;
  if (!me) return null;
  return <Admin section={section} me={me} />;
}

function Admin({ section: route, me }: { section: AdminSection; me: Me }) {
  const tabsLayout = useTabsLayout();
  const rights = rightsOf(me);
  const [params] = useSearchParams();
  const section: AdminSection | typeof AUDIT_SECTION =
    route === 'users' && rights.readAudit && params.get('section') === AUDIT_SECTION ? AUDIT_SECTION : route;
  const departments = useAllDepartments();
  const [panel, setPanel] = useState<null | 'choice' | 'invite' | 'departments'>(null);
  const [panelKey, setPanelKey] = useState(0);
  const openPanel = (p: 'invite' | 'departments') => {
    setPanelKey((k) => k + 1);
    setPanel(p);
  };
  const employees = departments.data?.employees ?? 0;
  const departmentRows = departments.data?.rows ?? [];

  return (
    <Page
      title={section === 'departments' ? 'Departments' : 'Users & Departments'}
      help={SCREEN_HELP.users}
      actions={
        rights.manageUsers || rights.manageCompany ? (
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setPanel('choice')}>
            {ADD_USERS}
          </Button>
        ) : null
      }
    >
      <Tabs
        value={section}
        aria-label="Users and departments"
        {...tabsLayout}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="users" label="Users" component={RouterLink} to="/users" />
        <Tab value="departments" label="Departments" component={RouterLink} to="/departments" />
        {rights.readAudit ? (
          <Tab value={AUDIT_SECTION} label={AUDIT_LOG} component={RouterLink} to={AUDIT_PATH} />
        ) : null}
      </Tabs>
      {section !== AUDIT_SECTION && employees > DEPARTMENT_ADVICE_THRESHOLD ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">{ADMIN_MESSAGES.departmentAdvice}</MessageBanner>
        </Box>
      ) : null}
      {section === AUDIT_SECTION ? (
        <AuditLogSection />
      ) : section === 'users' ? (
        <UsersSection departments={departmentRows} abilities={rights} />
      ) : (
        <DepartmentsSection
          refusal={rights.departmentsRefusal}
          manageCompany={rights.manageCompany}
          onCreate={() => openPanel('departments')}
        />
      )}
      <AddUsersDialog
        open={panel === 'choice'}
        onClose={() => setPanel(null)}
        onInvite={() => openPanel('invite')}
        onCreateDepartments={() => openPanel('departments')}
        inviteRefusal={rights.inviteRefusal}
        departmentsRefusal={rights.departmentsRefusal}
      />
      <InviteDrawer
        key={`invite-${panelKey}`}
        open={panel === 'invite'}
        onClose={() => setPanel(null)}
        departments={departmentRows}
        canEditRoles={rights.manageUsers}
      />
      <CreateDepartmentsDrawer
        key={`departments-${panelKey}`}
        open={panel === 'departments'}
        onClose={() => setPanel(null)}
        refusal={rights.departmentsRefusal}
      />
    </Page>
  );
}

/** The members table; a row (or ?user=<id>, or ?email=<address>) opens the member's details. */
function UsersSection({ departments, abilities }: { departments: readonly Department[]; abilities: AdminAbilities }) {
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<UserRow | null>(null);
  const byEmail = useUserByEmail(!selected && !params.get('user') ? params.get('email') : null);
  const openId = selected?.id ?? params.get('user') ?? byEmail.data?.id ?? null;
  const close = () => {
    setSelected(null);
    if (params.has('user') || params.has('email')) setParams({}, { replace: true });
  };
  return (
    <>
      <DataTable<UserRow>
        title="Users"
        queryKey={userKeys.list}
        fetcher={fetchUsers}
        columns={USER_COLUMNS}
        rowKey={(u) => u.id}
        tabs={USER_TABS}
        onRowClick={setSelected}
      />
      <UserDetailsDrawer
        userId={openId}
        row={selected ?? undefined}
        onClose={close}
        departments={departments}
        abilities={abilities}
      />
    </>
  );
}

/** The departments table; a row (or ?department=<id>) opens the department's panel. */
function DepartmentsSection({
  refusal,
  manageCompany,
  onCreate,
}: {
  refusal: string | null;
  manageCompany: boolean;
  onCreate: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Department | null>(null);
  const openId = selected?.id ?? params.get('department');
  const close = () => {
    setSelected(null);
    if (params.has('department')) setParams({}, { replace: true });
  };
  return (
    <>
      {refusal ? (
        <Box sx={{ mb: 1 }}>
          <MessageBanner kind="info">{refusal}</MessageBanner>
        </Box>
      ) : null}
      <DataTable<Department>
        title="Departments"
        queryKey={departmentKeys.list}
        fetcher={fetchDepartments}
        columns={DEPARTMENT_COLUMNS}
        rowKey={(d) => d.id}
        onRowClick={setSelected}
        toolbar={
          <Button variant="outlined" onClick={onCreate} disabled={!!refusal}>
            {CREATE_DEPARTMENTS}
          </Button>
        }
      />
      <DepartmentDrawer
        departmentId={openId}
        row={selected ?? undefined}
        onClose={close}
        editRefusal={refusal}
        manageCompany={manageCompany}
      />
    </>
  );
}
