import { ADMIN_MESSAGES, ALL_PERMISSIONS } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { CAP_SAVED } from '../users/spending-cap-editor';
import type { MemberCap, Transaction } from './api';
import { FinancesPage } from './finances-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const TRANSACTIONS: Transaction[] = [
  {
    id: 't3',
    date: '2026-11-22T10:00:00.000Z',
    type: 'hold',
    type_label: 'Reserved',
    amount: 0,
    held_delta: 500,
    balance_after: 2380,
    user_name: 'Bob Baker',
    user_email: 'bob@example.com',
    description: 'Post: Lettre à Zoë',
    item: { kind: 'letter', name: 'Lettre à Zoë', detail: "To Siân O'Brien" },
    service_uuid: 'svc-2',
    reference: 'dlv-2',
    hold_id: 'hold_def',
    has_receipt: false,
  },
  {
    id: 't2',
    date: '2026-11-21T10:00:00.000Z',
    type: 'charge',
    type_label: 'Charge',
    amount: -120,
    held_delta: 0,
    balance_after: 2380,
    user_name: 'Bob Baker',
    user_email: 'bob@example.com',
    description: 'Post: Invoice 4471',
    item: { kind: 'letter', name: 'Invoice 4471', detail: 'To Jane Doe' },
    service_uuid: 'svc-1',
    reference: 'hold_abc',
    hold_id: 'hold_abc',
    has_receipt: false,
  },
  {
    id: 't1',
    date: '2026-11-20T10:00:00.000Z',
    type: 'top_up',
    type_label: 'Card top-up',
    amount: 2500,
    held_delta: 0,
    balance_after: 2500,
    user_name: 'Ada Lovelace',
    user_email: 'ada@example.com',
    description: 'Card top-up',
    item: null,
    service_uuid: null,
    reference: 'pi_1',
    hold_id: null,
    has_receipt: true,
  },
];

const CAPS: MemberCap[] = [
  {
    user_id: 'u-ada',
    user_name: 'Ada Lovelace',
    email: 'ada@example.com',
    cap: 0,
    override_cap: 0,
    effective_cap: 0,
    amount_spent: 0,
    is_owner: true,
    is_self: true,
  },
  {
    user_id: 'u-bob',
    user_name: 'Bob Baker',
    email: 'bob@example.com',
    cap: 5000,
    override_cap: 7000,
    effective_cap: 7000,
    amount_spent: 120,
    is_owner: false,
    is_self: false,
  },
  {
    user_id: 'u-cat',
    user_name: 'Cáit O’Neill',
    email: 'cait@example.com',
    cap: 0,
    override_cap: 5000,
    effective_cap: 5000,
    amount_spent: 4999,
    is_owner: false,
    is_self: false,
  },
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      const custom = answers[`${method} ${url.pathname}`];
      if (custom) return custom();
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/csrf':
          return json(200, { token: 't' });
        case 'GET /api/finances/balance':
          return json(200, { balance: 2880, held: 500, available: 2380, crediting: false });
        case 'GET /api/finances/transactions':
          return json(200, { rows: TRANSACTIONS, count: 3, filter_options: { type: ['charge', 'top_up'] } });
        case 'GET /api/finances/spending-caps':
          return json(200, { month: '2026-11-01', rows: CAPS });
        case 'GET /api/users/u-bob/spending-cap':
          return json(200, { cap: 5000, override_cap: 7000, amount_spent: 120, month: '2026-11-01' });
        case 'PUT /api/users/u-bob/spending-cap':
          return json(200, { message: ADMIN_MESSAGES.capUpdated, ...body, amount_spent: 120, month: '2026-11-01' });
        case 'PUT /api/accounts/settings/balance':
          return json(200, {
            restrict_balance_to_finance_admins: body.restrict_balance_to_finance_admins,
            message: 'Only finance admins (members who can top up) now see the balance.',
          });
        default:
          return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(session: Me = testMe({ id: 'u-ada' })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/finances']}>
        <Routes>
          <Route path="/finances" element={<FinancesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const lastCall = (method: string, path: string) =>
  [...calls].reverse().find((c) => c.method === method && c.path.startsWith(path));

describe('/finances', () => {
  it('shows the balance, and the transactions newest first with signed amounts, users and receipts', async () => {
    const { view } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Finances' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('balance-available').textContent).toBe('£23.80'));
    expect(screen.getByTestId('balance-balance').textContent).toBe('£28.80');
    expect(screen.getByTestId('balance-held').textContent).toBe('£5.00');
    expect(screen.getByRole('button', { name: 'Add Funds' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(lastCall('GET', '/api/finances/transactions')?.path).toBe('/api/finances/transactions?page=0&limit=5');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Description', 'User', 'Actions']);
    const rows = await within(table).findAllByRole('row');
    const [, reserved, charge, topUp] = rows;
    // A reservation still open: "Reserved" with its amount, not a £0.00 row.
    expect(within(reserved!).getByTestId('amount').textContent).toBe('Reserved £5.00');
    expect(within(reserved!).getByText("To Siân O'Brien")).toBeTruthy();
    expect(within(charge!).getByTestId('amount').textContent).toBe('-£1.20Debit');
    expect(within(topUp!).getByTestId('amount').textContent).toBe('+£25.00Credit');
    expect(within(charge!).getByText('Post: Invoice 4471')).toBeTruthy();
    expect(within(charge!).getByText('To Jane Doe')).toBeTruthy();
    expect(within(charge!).getByText('Bob Baker')).toBeTruthy();
    expect(within(charge!).getByText('bob@example.com')).toBeTruthy();
    // The ids are kept for the details view, out of the row.
    expect(within(charge!).queryByText('svc-1')).toBeNull();
    expect(within(charge!).queryByText('hold_abc')).toBeNull();
    expect(within(charge!).queryByRole('link', { name: /Receipt/ })).toBeNull();
    const receipt = within(topUp!).getByRole('link', { name: /^Receipt/ });
    expect(receipt.getAttribute('href')).toBe('/api/finances/transactions/t1/receipt');
    fireEvent.click(within(charge!).getByRole('button', { name: /^Details of Post: Invoice 4471/ }));
    const details = await screen.findByRole('dialog', { name: 'Transaction details' });
    const text = within(details).getByTestId('transaction-details').textContent;
    for (const part of [
      'Transaction IDt2',
      'Service IDsvc-1',
      'Reservation IDhold_abc',
      'LetterInvoice 4471',
      'Balance after£23.80',
    ])
      expect(text).toContain(part);
    const detailsAxe = await axe.run(details, { rules: { 'color-contrast': { enabled: false } } });
    expect(detailsAxe.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transaction details' })).toBeNull());

    // Paging 5, 10, 25, 50, 100, All; the type filter in words; the date range filter.
    const perPage = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...perPage.options].map((o) => o.text)).toEqual(['5', '10', '25', '50', '100', 'All']);
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.text)).toEqual(['All', 'Charge', 'Card top-up']);
    fireEvent.change(type, { target: { value: 'top_up' } });
    await waitFor(() => expect(lastCall('GET', '/api/finances/transactions')?.path).toContain('filter.type=top_up'));
    expect(screen.getByRole('button', { name: 'Date' })).toBeTruthy();
    // The CSV export carries the list's filters (not its page); the statement asks for a month.
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/finances/transactions/export?filter.type=top_up');
    expect(csv.hasAttribute('download')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Statement' }));
    const statement = await screen.findByRole('dialog', { name: 'Monthly statement' });
    const month = within(statement).getByLabelText('Month') as HTMLSelectElement;
    expect(month.options).toHaveLength(24);
    fireEvent.change(month, { target: { value: month.options[1]!.value } });
    expect(within(statement).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/finances/statement?month=${month.options[1]!.value}`,
    );
    const statementAxe = await axe.run(statement, { rules: { 'color-contrast': { enabled: false } } });
    expect(statementAxe.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(statement).getByRole('button', { name: 'Cancel' }));

    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it("lists each member's monthly limit and edits another member's with the spending cap editor", async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Monthly spending limit' });
    const table = await within(section).findByRole('table');
    const [, ada, bob, cait] = within(table).getAllByRole('row');
    expect(within(ada!).getByTestId('effective-limit').textContent).toBe('Unlimited');
    expect(within(ada!).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(ada!).getByText('Your own limit cannot be changed here.')).toBeTruthy();
    // The limit in force comes first: a non-zero override takes precedence over the standard cap.
    expect(within(bob!).getByTestId('effective-limit').textContent).toBe('£70.00 (override)');
    expect(within(bob!).getByText('£50.00')).toBeTruthy();
    expect(within(bob!).getByText('£1.20')).toBeTruthy();
    // A standard cap of 0 (Unlimited) with a £50 override: the limit is £50, not Unlimited (issue 27 item 18).
    expect(within(cait!).getByTestId('effective-limit').textContent).toBe('£50.00 (override)');
    expect(within(cait!).getByText('Unlimited')).toBeTruthy();

    fireEvent.click(within(bob!).getByRole('button', { name: 'Edit the limit of Bob Baker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spending limit of Bob Baker' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Standard cap' }));
    fireEvent.change(within(dialog).getByLabelText('Amount (£)'), { target: { value: '60' } });
    const before = calls.filter((c) => c.path === '/api/finances/spending-caps').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([CAP_SAVED, 'success']));
    expect(lastCall('PUT', '/api/users/u-bob/spending-cap')?.body).toEqual({ cap: 6000, override_cap: 0 });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/finances/spending-caps').length).toBeGreaterThan(before),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Spending limit of Bob Baker' })).toBeNull());
  });

  it("shows the server's own message after a limit is saved", async () => {
    answers['PUT /api/users/u-bob/spending-cap'] = () =>
      json(200, {
        message: 'Saved: it applies from next month.',
        cap: 6000,
        override_cap: 0,
        amount_spent: 0,
        month: '',
      });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Monthly spending limit' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit the limit of Bob Baker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spending limit of Bob Baker' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'No limit' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual(['Saved: it applies from next month.', 'info']));
  });

  it('says "Cannot fetch spending cap" when the limits cannot be read', async () => {
    answers['GET /api/finances/spending-caps'] = () => json(500, { statusCode: 500, code: 'INTERNAL', message: 'x' });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Monthly spending limit' });
    expect(await within(section).findByText(ADMIN_MESSAGES.cannotFetchCap)).toBeTruthy();
  });

  it("gives the owner the balance visibility switch, with the server's message", async () => {
    const { client } = renderPage();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const toggle = await screen.findByRole('switch', { name: 'Only finance admins see the balance' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(notified()).toContainEqual([
        'Only finance admins (members who can top up) now see the balance.',
        'success',
      ]),
    );
    expect(lastCall('PUT', '/api/accounts/settings/balance')?.body).toEqual({
      restrict_balance_to_finance_admins: true,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: meQueryKey });

    answers['PUT /api/accounts/settings/balance'] = () =>
      json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: 'Only the owner can change this.' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Only finance admins see the balance' }));
    await waitFor(() => expect(notified()).toContainEqual(['Permission denied', 'error']));
  });

  it('hides the switch, Add Funds and Edit from a member without the rights', async () => {
    renderPage(testMe({ id: 'u-cy', roles: ['Contributor'], abilities: ['see_finances', 'see_letters'] }));
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).toBeNull();
    const section = await screen.findByRole('region', { name: 'Monthly spending limit' });
    await within(section).findByText('Bob Baker');
    expect(within(section).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('says the balance is for finance admins when it is restricted', async () => {
    const base = testMe({ id: 'u-cy', roles: ['Contributor'], abilities: ['see_finances'] });
    renderPage({ ...base, account: { ...base.account, restrictBalance: true } });
    expect(await screen.findByText('Only members who can top up see the balance.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/finances/balance')).toBe(false);
  });
});

describe('/finances for an admin', () => {
  it('works with every permission', async () => {
    renderPage(testMe({ id: 'u-ada', abilities: ALL_PERMISSIONS, roles: ['Admin'] }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
