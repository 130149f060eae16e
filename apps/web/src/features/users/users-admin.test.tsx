import { ADMIN_MESSAGES, MESSAGES, type Permission, type PermissionsByKind } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { Department, DepartmentDetail, SpendingCap, UserRow } from './api';
import { DepartmentsPage } from './departments-page';
import { UsersPage } from './users-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

const none = (): PermissionsByKind => ({ operational: [], observable: [], administrative: [] });

const me = (overrides: { abilities?: Permission[]; plan?: string } = {}): Me => testMe({ id: 'u-ada', ...overrides });

function user(id: string, name: string, extra: Partial<UserRow> = {}): UserRow {
  return {
    id,
    user_name: name,
    email_address: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    department: null,
    roles: [],
    permissions: none(),
    approvals: none(),
    supervised_departments: [],
    accepted_invite: true,
    job_title: '',
    phone_number: '',
    is_owner: false,
    is_self: false,
    created_at: '2026-11-21T10:00:00.000Z',
    ...extra,
  };
}

const SALES: Department = {
  id: 'd-sales',
  name: 'Sales',
  permissions: { operational: ['create_letter', 'send_letter'], observable: ['see_letters'], administrative: [] },
  approvals: { operational: ['send_letter'], observable: [], administrative: [] },
  supervised_by: ['ada@example.com'],
  numMembers: 1,
};
const EMPTY: Department = {
  id: 'd-empty',
  name: 'Empty',
  permissions: none(),
  approvals: none(),
  supervised_by: [],
  numMembers: 0,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface Server {
  users: UserRow[];
  departments: Department[];
  employees: number;
  calls: Call[];
  answers: Partial<Record<string, () => Response>>;
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function startServer(server: Server) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      server.calls.push({ method, path: url.pathname + url.search, body });
      const custom = server.answers[`${method} ${url.pathname}`];
      if (custom) return custom();
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/users') {
        let rows = server.users;
        if (url.searchParams.get('tab') === 'pending') rows = rows.filter((u) => !u.accepted_invite);
        return json(200, {
          rows,
          count: rows.length,
          filter_options: { department: ['Sales'], role: ['owner', 'Admin'], accepted_invite: ['true', 'false'] },
        } satisfies ApiResponse<'/api/users'>);
      }
      const userMatch = /^\/api\/users\/([^/]+)(\/spending-cap)?$/.exec(url.pathname);
      if (userMatch && method === 'GET') {
        if (userMatch[2]) {
          const cap: SpendingCap = { cap: 5000, override_cap: 0, amount_spent: 1234, month: '2026-11-01' };
          return json(200, cap);
        }
        const found = server.users.find((u) => u.id === userMatch[1]);
        return found ? json(200, found) : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
      if (method === 'GET' && url.pathname === '/api/departments') {
        return json(200, {
          rows: server.departments,
          count: server.departments.length,
          filter_options: {},
          employees: server.employees,
        } satisfies ApiResponse<'/api/departments'>);
      }
      const depMatch = /^\/api\/departments\/([^/]+)$/.exec(url.pathname);
      if (depMatch && method === 'GET') {
        const d = server.departments.find((x) => x.id === depMatch[1])!;
        const detail: DepartmentDetail = {
          ...d,
          members: d.numMembers
            ? [{ id: 'u-bob', user_name: 'Bob Baker', email_address: 'bob@example.com', roles: ['Editor'] }]
            : [],
        };
        return json(200, detail);
      }
      if (method === 'POST' && url.pathname === '/api/users') {
        return json(201, {
          message: ADMIN_MESSAGES.invited(body.user_name),
          user: user('u-new', body.user_name, { accepted_invite: false }),
        } satisfies ApiResponse<'/api/users', 'post'>);
      }
      if (method === 'PUT' && userMatch && !userMatch[2]) {
        const edited = server.users.find((u) => u.id === userMatch[1])!;
        return json(200, {
          message: ADMIN_MESSAGES.userEdited('bob@example.com'),
          user: { ...edited, ...body },
        } satisfies ApiResponse<'/api/users/{id}', 'put'>);
      }
      if (method === 'PUT' && userMatch?.[2]) {
        return json(200, { message: ADMIN_MESSAGES.capUpdated, ...body, amount_spent: 1234, month: '2026-11-01' });
      }
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'POST' && url.pathname === '/api/departments') {
        return json(201, {
          message: ADMIN_MESSAGES.departmentsCreated,
          ids: ['x'],
        } satisfies ApiResponse<'/api/departments', 'post'>);
      }
      if (method === 'PUT' && depMatch) {
        return json(200, { message: ADMIN_MESSAGES.departmentUpdated } satisfies ApiResponse<
          '/api/departments/{id}',
          'put'
        >);
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

let server: Server;

function renderAt(path: string, session: Me = me()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/users" element={<UsersPage />} />
          <Route path="/departments" element={<DepartmentsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const lastCall = (method: string, path: string) =>
  [...server.calls].reverse().find((c) => c.method === method && c.path.startsWith(path));

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  server = {
    users: [
      user('u-ada', 'Ada Lovelace', { is_self: true, is_owner: true, roles: ['owner'] }),
      user('u-bob', 'Bob Baker', {
        department: 'Sales',
        roles: ['Supervisor', 'Editor'],
        permissions: { operational: ['manage_letterheads'], observable: [], administrative: ['approve'] },
        job_title: 'Designer',
      }),
      user('u-cy', 'Cy Young', { accepted_invite: false }),
    ],
    departments: [EMPTY, SALES],
    employees: 51,
    calls: [],
    answers: {},
  };
  startServer(server);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/users', () => {
  it('lists the members with sorted roles, status, the two sections and the departments advice', async () => {
    const { view } = renderAt('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const bob = (await within(table).findByRole('button', { name: 'Bob Baker' })).closest('tr')!;
    expect(within(bob).getByText('bob@example.com')).toBeTruthy();
    expect(
      within(bob)
        .getAllByText(/^(Editor|Supervisor)$/)
        .map((c) => c.textContent),
    ).toEqual(['Editor', 'Supervisor']);
    expect(within(bob).getByText('Active')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: 'Cy Young' }).closest('tr')!).getByText('Invited')).toBeTruthy();
    expect(screen.getByText(ADMIN_MESSAGES.departmentAdvice)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Departments' }).getAttribute('href')).toBe('/departments');
    expect(screen.getByRole('tab', { name: 'All 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Pending invitations' }));
    await waitFor(() => expect(lastCall('GET', '/api/users?')?.path).toContain('tab=pending'));
    expect(await screen.findByRole('tab', { name: 'Pending invitations 1' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('invites a user in three steps', async () => {
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add users' }));
    const choice = await screen.findByRole('dialog', { name: 'Add users' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Add a single user' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a user' });
    for (const step of ['Permissions', 'Email', 'Confirmation']) {
      expect(within(drawer).getByText(step, { selector: '.MuiStepLabel-label' })).toBeTruthy();
    }

    // Step 1: the Sales department applies its presets (Contributor with two tasks, one needing approval).
    await waitFor(() =>
      expect(
        [...(within(drawer).getByLabelText('Department') as HTMLSelectElement).options].map((o) => o.text),
      ).toEqual(['No department', 'Empty', 'Sales']),
    );
    fireEvent.change(within(drawer).getByLabelText('Department'), { target: { value: 'Sales' } });
    expect((within(drawer).getByRole('checkbox', { name: 'Contributor' }) as HTMLInputElement).checked).toBe(true);
    // Tick Supervisor for the Empty department too.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Supervisor permissions' }));
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Empty' }));
    expect((within(drawer).getByRole('checkbox', { name: 'Supervisor' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));

    // Step 2: the name and email rules.
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(notified()).toContainEqual([`Full name - ${ADMIN_MESSAGES.inviteNameRequired}`, 'error']),
    );
    expect(notified()).toContainEqual([`Email - ${ADMIN_MESSAGES.inviteEmailRequired}`, 'error']);
    fireEvent.change(within(drawer).getByLabelText(/^Full name/), { target: { value: 'R2D2' } });
    fireEvent.change(within(drawer).getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    expect(await within(drawer).findByText(ADMIN_MESSAGES.inviteNameInvalid)).toBeTruthy();
    expect(within(drawer).getByText(ADMIN_MESSAGES.inviteEmailInvalid)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText(/^Full name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(drawer).getByLabelText(/^Email/), { target: { value: 'Grace@Example.com' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));

    // Step 3: the summary, then Confirm.
    const confirm = await within(drawer).findByRole('button', { name: 'Confirm' });
    expect(within(drawer).getByText('grace@example.com')).toBeTruthy();
    expect(within(drawer).getByText('Contributor, Supervisor')).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(lastCall('POST', '/api/users')).toBeTruthy());
    expect(lastCall('POST', '/api/users')!.body).toEqual({
      user_name: 'Grace Hopper',
      email_address: 'grace@example.com',
      roles: ['Contributor', 'Supervisor'],
      permissions: {
        operational: ['create_letter', 'send_letter'],
        observable: ['see_letters'],
        administrative: ['approve'],
      },
      approvals: { operational: ['send_letter'], observable: [], administrative: [] },
      department: 'Sales',
      supervised_departments: ['Empty'],
    });
    await waitFor(() => expect(notified()).toContainEqual([ADMIN_MESSAGES.invited('Grace Hopper'), 'success']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a user' })).toBeNull());
  });

  it('keeps Confirm disabled until a role grants something', async () => {
    const { view } = renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add users' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a single user' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a user' });
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    fireEvent.change(within(drawer).getByLabelText(/^Full name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(drawer).getByLabelText(/^Email/), { target: { value: 'grace@example.com' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    const confirm = (await within(drawer).findByRole('button', { name: 'Confirm' })) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Back' }));
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Editor' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect((within(drawer).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it.each([
    [
      202,
      {
        message: 'Your invitation of Grace Hopper is waiting for a supervisor’s approval.',
        approval_id: 'p1',
        status: 'In Review',
      },
      'Your invitation of Grace Hopper is waiting for a supervisor’s approval.',
      'info',
    ],
    [426, { statusCode: 426, code: 'UPGRADE_REQUIRED', message: MESSAGES.upgradePlan }, MESSAGES.upgradePlan, 'error'],
    [
      409,
      { statusCode: 409, code: 'ALREADY_REGISTERED', message: 'It looks like you already have an account with us.' },
      'It looks like you already have an account with us.',
      'error',
    ],
    [
      500,
      { statusCode: 500, code: 'INTERNAL', message: 'An error occured' },
      ADMIN_MESSAGES.inviteFailed('Grace Hopper'),
      'error',
    ],
  ])('reports a %i answer to the invitation', async (status, answer, message, variant) => {
    server.answers['POST /api/users'] = () => json(status, answer);
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add users' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a single user' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a user' });
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Admin' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    fireEvent.change(within(drawer).getByLabelText(/^Full name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(drawer).getByLabelText(/^Email/), { target: { value: 'grace@example.com' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notified()).toContainEqual([message, variant]));
  });

  it('explains why departments cannot be created on the Basic plan', async () => {
    renderAt('/users', me({ plan: 'Basic' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add users' }));
    const choice = await screen.findByRole('dialog', { name: 'Add users' });
    const create = within(choice).getByRole('button', { name: 'Create departments' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(within(choice).getByText(new RegExp(MESSAGES.upgradePlan.replace(/[!]/g, '.')))).toBeTruthy();
  });

  it('shows a member, edits their permissions and deletes them', async () => {
    const { view } = renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Bob Baker' }));
    const panel = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(within(panel).getByText('Designer')).toBeTruthy();
    expect(await within(panel).findByText('£12.34')).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    expect(within(panel).getByText('Manage letterheads')).toBeTruthy();
    expect(within(panel).getByText('Supervise company')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect((within(panel).getByRole('checkbox', { name: 'Editor' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Contributor' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/users/u-bob')).toBeTruthy());
    expect(lastCall('PUT', '/api/users/u-bob')!.body).toEqual({
      roles: ['Contributor', 'Editor', 'Supervisor'],
      // Contributor ticked with nothing selected: its six tasks (decision 0012).
      permissions: {
        operational: ['create_letter', 'create_parcel', 'send_letter', 'delete_letter', 'manage_letterheads'],
        observable: ['see_letters', 'see_parcels'],
        administrative: ['approve'],
      },
      approvals: none(),
      department: 'Sales',
      supervised_departments: [],
    });
    await waitFor(() => expect(notified()).toContainEqual([ADMIN_MESSAGES.userEdited('bob@example.com'), 'success']));

    fireEvent.click(await within(panel).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/users/u-bob')).toBeTruthy());
    // The deleted member's record now answers 404: the panel still says so and closes.
    server.users = server.users.filter((u) => u.id !== 'u-bob');
    await waitFor(() => expect(notified()).toContainEqual(['User bob@example.com deleted', 'success']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bob Baker' })).toBeNull());
  });

  it('says an edit is waiting for approval when the server answers 202, not that it was made', async () => {
    const waiting = "Your change to bob@example.com is waiting for a supervisor's approval.";
    server.answers['PUT /api/users/u-bob'] = () =>
      json(202, { message: waiting, approval_id: 'ap1', status: 'In Review' });
    renderAt('/users?user=u-bob');
    const panel = await screen.findByRole('dialog', { name: 'Bob Baker' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([waiting, 'info']));
    expect(notified()).not.toContainEqual([ADMIN_MESSAGES.userEdited('bob@example.com'), 'success']);
  });

  it('never lets anyone edit or delete themselves, and hides both without manage_users', async () => {
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const panel = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect((within(panel).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(panel).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderAt('/users', me({ abilities: ['see_users'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bob Baker' }));
    const readOnly = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(within(readOnly).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(readOnly).queryByText('Monthly spending limit')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add users' })).toBeNull();
  });

  it('edits the monthly spending limit in pounds and sends pence', async () => {
    renderAt('/users?user=u-bob');
    const panel = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(await within(panel).findByText('£12.34')).toBeTruthy();
    expect((within(panel).getByRole('radio', { name: 'Standard cap' }) as HTMLInputElement).checked).toBe(true);
    const amount = within(panel).getByLabelText('Amount (£)') as HTMLInputElement;
    expect(amount.value).toBe('50.00');
    // Part 1 section 5: values are rounded to at most 2 decimals, and the field shows what was saved.
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/users/u-bob/spending-cap')).toBeTruthy());
    expect(lastCall('PUT', '/api/users/u-bob/spending-cap')!.body).toEqual({ cap: 1235, override_cap: 0 });
    expect((within(panel).getByLabelText('Amount (£)') as HTMLInputElement).value).toBe('12.35');
    await waitFor(() => expect(notified()).toContainEqual(['Spending limit saved', 'success']));
    fireEvent.change(within(panel).getByLabelText('Amount (£)'), { target: { value: '-1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText(ADMIN_MESSAGES.capNegative)).toBeTruthy();
    vi.mocked(notify).mockClear();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Override cap' }));
    fireEvent.change(within(panel).getByLabelText('Amount (£)'), { target: { value: '12.5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/users/u-bob/spending-cap')).toBeTruthy());
    expect(lastCall('PUT', '/api/users/u-bob/spending-cap')!.body).toEqual({ cap: 5000, override_cap: 1250 });
    await waitFor(() => expect(notified()).toContainEqual(['Spending limit saved', 'success']));
    fireEvent.click(within(panel).getByRole('radio', { name: 'No limit' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastCall('PUT', '/api/users/u-bob/spending-cap')!.body).toEqual({ cap: 0, override_cap: 0 }),
    );
  });

  it("offers no spending limit editor on one's own row, nor on the owner's, and says why", async () => {
    renderAt('/users?user=u-ada');
    const own = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(await within(own).findByText(ADMIN_MESSAGES.capOwnRefused)).toBeTruthy();
    expect(within(own).getByText('Limit in force: £50.00')).toBeTruthy();
    expect(within(own).queryByLabelText('Amount (£)')).toBeNull();
    expect(within(own).queryByRole('radio', { name: 'Standard cap' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Save' })).toBeNull();
    cleanup();
    // A finance member looking at the owner.
    server.users[0] = { ...server.users[0]!, is_self: false };
    renderAt('/users?user=u-ada', me({ abilities: ['see_users', 'set_spending_cap'] }));
    const owner = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(await within(owner).findByText(ADMIN_MESSAGES.capOwnerRefused)).toBeTruthy();
    expect(within(owner).queryByLabelText('Amount (£)')).toBeNull();
    // Anyone else's row keeps the editor.
    cleanup();
    renderAt('/users?user=u-bob', me({ abilities: ['see_users', 'set_spending_cap'] }));
    const bob = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(await within(bob).findByLabelText('Amount (£)')).toBeTruthy();
    expect(within(bob).queryByText(ADMIN_MESSAGES.capOwnRefused)).toBeNull();
  });

  it('says when the spending cap cannot be read', async () => {
    server.answers['GET /api/users/u-bob/spending-cap'] = () => json(500, { statusCode: 500, code: 'X', message: 'x' });
    renderAt('/users?user=u-bob');
    const panel = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(await within(panel).findByText('Cannot fetch spending cap')).toBeTruthy();
  });

  it("opens a supervised user's details from ?email=", async () => {
    renderAt('/users?email=bob%40example.com');
    expect(await screen.findByRole('dialog', { name: 'Bob Baker' })).toBeTruthy();
  });
});

describe('/departments', () => {
  it('lists departments and creates new ones with the debounced name check', async () => {
    renderAt('/departments');
    const table = await screen.findByRole('table', { name: 'Departments' });
    const sales = (await within(table).findByRole('button', { name: 'Sales' })).closest('tr')!;
    expect(within(sales).getByText('ada@example.com')).toBeTruthy();
    expect(within(sales).getByText('1')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Departments' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Create departments' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create departments' });
    expect(await axeViolations(document.body)).toEqual([]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(within(drawer).getByLabelText(/^Department name/), { target: { value: 'Sales!' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(drawer).queryByText(ADMIN_MESSAGES.departmentNameInvalid)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(within(drawer).getByText(ADMIN_MESSAGES.departmentNameInvalid)).toBeTruthy();
    vi.useRealTimers();
    fireEvent.change(within(drawer).getByLabelText(/^Department name/), { target: { value: 'Marketing' } });
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Manage letterheads' }));
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Requires supervisor approval: Manage letterheads' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add another department' }));
    const names = within(drawer).getAllByLabelText(/^Department name/);
    fireEvent.change(names[1]!, { target: { value: 'Ops_2' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('POST', '/api/departments')).toBeTruthy());
    expect(lastCall('POST', '/api/departments')!.body).toEqual({
      departments: [
        {
          name: 'Marketing',
          permissions: { operational: ['manage_letterheads'], observable: [], administrative: [] },
          approvals: { operational: ['manage_letterheads'], observable: [], administrative: [] },
          supervised_by: [],
        },
        { name: 'Ops_2', permissions: none(), approvals: none(), supervised_by: [] },
      ],
    });
    await waitFor(() => expect(notified()).toContainEqual([ADMIN_MESSAGES.departmentsCreated, 'success']));
  });

  it('shows the server text on 426', async () => {
    server.answers['POST /api/departments'] = () =>
      json(426, { statusCode: 426, code: 'UPGRADE_REQUIRED', message: MESSAGES.upgradePlan });
    renderAt('/departments');
    fireEvent.click(await screen.findByRole('button', { name: 'Create departments' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create departments' });
    fireEvent.change(within(drawer).getByLabelText(/^Department name/), { target: { value: 'Marketing' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([MESSAGES.upgradePlan, 'error']));
  });

  it('edits a department, lists its members, and deletes only an empty one', async () => {
    renderAt('/departments');
    fireEvent.click(await screen.findByRole('button', { name: 'Sales' }));
    const panel = await screen.findByRole('dialog', { name: 'Sales' });
    expect(await within(panel).findByText('Bob Baker')).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
    expect((within(panel).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByText('Only a department without members can be deleted.')).toBeTruthy();
    const name = within(panel).getByLabelText(/^Department name/) as HTMLInputElement;
    expect(name.value).toBe('Sales');
    fireEvent.change(name, { target: { value: 'Sales team' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/departments/d-sales')).toBeTruthy());
    expect(lastCall('PUT', '/api/departments/d-sales')!.body).toEqual({
      name: 'Sales team',
      permissions: SALES.permissions,
      approvals: SALES.approvals,
      supervised_by: ['ada@example.com'],
    });
    await waitFor(() => expect(notified()).toContainEqual([ADMIN_MESSAGES.departmentUpdated, 'success']));
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales' })).toBeNull());

    server.answers['DELETE /api/departments/d-empty'] = () =>
      json(409, { statusCode: 409, code: 'CONFLICT', message: 'It has members' });
    fireEvent.click(await screen.findByRole('button', { name: 'Empty' }));
    const empty = await screen.findByRole('dialog', { name: 'Empty' });
    const remove = await within(empty).findByRole('button', { name: 'Delete' });
    await waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(notified()).toContainEqual([ADMIN_MESSAGES.departmentDeleteFailed, 'error']));
  });

  it('is read-only without manage_company', async () => {
    renderAt('/departments', me({ abilities: ['see_users'] }));
    expect(((await screen.findByRole('button', { name: 'Create departments' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Empty' }));
    const panel = await screen.findByRole('dialog', { name: 'Empty' });
    expect(((await within(panel).findByLabelText(/^Department name/)) as HTMLInputElement).disabled).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect((within(panel).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
