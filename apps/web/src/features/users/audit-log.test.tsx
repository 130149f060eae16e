import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { AuditEntry } from './api';
import { auditActionLabel, prettyJson, shortId } from './audit-log';
import { DepartmentsPage } from './departments-page';
import { UsersPage } from './users-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const me = (roles: string[]): Me => testMe({ id: 'u-ada', roles });

const OWNER = me(['owner']);
const ADMIN = me(['Admin']);

const BOB_ID = '7f3c2a91-5d4e-4b8a-9c1f-2e6d8a0b4c7e';
const SALES_ID = 'c0ffee12-3456-4789-8abc-def012345678';
const APPROVAL_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const ENTRIES: AuditEntry[] = [
  {
    id: 4,
    at: '2026-11-21T14:05:00.000Z',
    actor_email: 'ada@example.com',
    actor_api_key: null,
    action: 'spending_cap.set',
    entity_type: 'user',
    entity_id: BOB_ID,
    before: { cap: 5000, override_cap: 0 },
    after: { cap: 2500, override_cap: 0 },
  },
  {
    id: 3,
    at: '2026-11-21T11:30:00.000Z',
    actor_email: 'sam@example.com',
    actor_api_key: 'ERP',
    action: 'approval.approve',
    entity_type: 'approval',
    entity_id: APPROVAL_ID,
    before: { verdict: null },
    after: { verdict: 'approve' },
  },
  {
    id: 2,
    at: '2026-11-20T09:00:00.000Z',
    actor_email: 'ada@example.com',
    actor_api_key: null,
    action: 'department.created',
    entity_type: 'department',
    entity_id: SALES_ID,
    before: null,
    after: { name: 'Sales', supervised_by: ['ada@example.com'] },
  },
  {
    id: 1,
    at: '2026-11-19T08:15:00.000Z',
    actor_email: null,
    actor_api_key: null,
    action: 'user.invited',
    entity_type: 'user',
    entity_id: BOB_ID,
    before: null,
    after: { email_address: 'bob@example.com', roles: ['Editor'] },
  },
];

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: string[] = [];

/** A fake server: the users and departments lists (empty) and the audit log, filtered by entity_type. */
function startServer() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      if (url.pathname === '/api/users' || url.pathname === '/api/departments') {
        return json(200, { rows: [], count: 0, filter_options: {}, employees: 1 });
      }
      if (url.pathname === '/api/audit') {
        const type = url.searchParams.get('filter.entity_type');
        const rows = type ? ENTRIES.filter((e) => e.entity_type === type) : ENTRIES;
        return json(200, {
          rows,
          count: rows.length,
          filter_options: { entity_type: ['user', 'department', 'approval'] },
        } satisfies ApiResponse<'/api/audit'>);
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

function renderAt(path: string, session: Me) {
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

const auditCalls = () => calls.filter((c) => c.startsWith('/api/audit'));

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** The table's body rows, each as its cells' text. */
function bodyRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

beforeEach(() => {
  resetCsrfToken();
  startServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Audit log', () => {
  it('is a section tab for the owner only', async () => {
    renderAt('/users', OWNER);
    const tab = await screen.findByRole('tab', { name: 'Audit log' });
    expect(tab.getAttribute('href')).toBe('/users?section=audit');
    expect(tab.getAttribute('aria-selected')).toBe('false');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    fireEvent.click(tab);
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    // The other sections keep their routes.
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('tab', { name: 'Departments' }).getAttribute('href')).toBe('/departments');
    cleanup();

    renderAt('/departments', OWNER);
    expect(await screen.findByRole('tab', { name: 'Audit log' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Departments' }).getAttribute('aria-selected')).toBe('true');
    cleanup();

    // Anyone else: no tab, and the section's address shows the users and never asks for the log.
    calls = [];
    renderAt('/users?section=audit', ADMIN);
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    cleanup();
    renderAt('/departments', ADMIN);
    expect(await screen.findByRole('table', { name: 'Departments' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    expect(auditCalls()).toEqual([]);
  });

  it('lists the entries newest first with readable actions, the date format and short ids', async () => {
    renderAt('/users?section=audit', OWNER);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Spending limit set');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Entity', 'Details']);
    expect(bodyRows(table)).toEqual([
      [formatDisplayDate(ENTRIES[0]!.at), 'ada@example.com', 'Spending limit set', 'User 7f3c2a91', 'Details'],
      [
        formatDisplayDate(ENTRIES[1]!.at),
        "API key 'ERP' of sam@example.com",
        'Request approved',
        'Approval 0a1b2c3d',
        'Details',
      ],
      [formatDisplayDate(ENTRIES[2]!.at), 'ada@example.com', 'Department created', 'Department c0ffee12', 'Details'],
      [formatDisplayDate(ENTRIES[3]!.at), 'System', 'User invited', 'User 7f3c2a91', 'Details'],
    ]);
    expect(formatDisplayDate(ENTRIES[0]!.at)).toMatch(/^\d\d\.\d\d\.\d\d \| \d\d:\d\d (AM|PM)$/);
    expect(auditCalls()[0]).toBe('/api/audit?page=0&limit=5');
    // The server cannot search the log: no search box.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('filters by entity type with filter.entity_type', async () => {
    renderAt('/users?section=audit', OWNER);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Spending limit set');
    const select = screen.getByLabelText('Entity') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All'],
      ['user', 'User'],
      ['department', 'Department'],
      ['approval', 'Approval'],
    ]);
    fireEvent.change(select, { target: { value: 'department' } });
    await waitFor(() => expect(auditCalls().at(-1)).toBe('/api/audit?page=0&limit=5&filter.entity_type=department'));
    await waitFor(() => expect(within(table).queryByText('Spending limit set')).toBeNull());
    expect(bodyRows(table).map((r) => r[2])).toEqual(['Department created']);
    expect(screen.getByText('Entity: Department')).toBeTruthy();
  });

  it('shows the before and after states of an entry in a dialog', async () => {
    const { view } = renderAt('/users?section=audit', OWNER);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Spending limit set');
    expect(await axeViolations(view.container)).toEqual([]);

    const when = formatDisplayDate(ENTRIES[0]!.at);
    fireEvent.click(within(table).getByRole('button', { name: `Details: Spending limit set, ${when}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Spending limit set' });
    expect(within(dialog).getByText('ada@example.com')).toBeTruthy();
    expect(within(dialog).getByText(BOB_ID)).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Before' }).textContent).toBe(
      JSON.stringify({ cap: 5000, override_cap: 0 }, null, 2),
    );
    expect(within(dialog).getByRole('region', { name: 'After' }).textContent).toBe(
      JSON.stringify({ cap: 2500, override_cap: 0 }, null, 2),
    );
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // An entry without a before state.
    fireEvent.click(
      within(table).getByRole('button', { name: `Details: User invited, ${formatDisplayDate(ENTRIES[3]!.at)}` }),
    );
    const invited = await screen.findByRole('dialog', { name: 'User invited' });
    expect(within(invited).getByRole('region', { name: 'Before' }).textContent).toBe('None');
    expect(within(invited).getByRole('region', { name: 'After' }).textContent).toContain('"bob@example.com"');
    expect(within(invited).getByText('System')).toBeTruthy();
  });

  it('names unknown actions readably and shortens ids', () => {
    expect(auditActionLabel('user.deleted')).toBe('User deleted');
    expect(auditActionLabel('approval.deny')).toBe('Request denied');
    expect(auditActionLabel('letterhead.archived_now')).toBe('Letterhead archived now');
    expect(shortId(BOB_ID)).toBe('7f3c2a91');
    expect(shortId('42')).toBe('42');
    expect(prettyJson(undefined)).toBe('None');
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
