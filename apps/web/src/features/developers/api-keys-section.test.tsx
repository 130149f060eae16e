import { DEVELOPERS_TEXT as TEXT } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { ApiKey } from './api';
import { ApiKeysSection } from './api-keys-section';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const SECRET = 'lp_live_Ab12Cd34Ef56_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ERP: ApiKey = {
  id: 'k1',
  name: 'ERP',
  prefix: 'Zz98Yy76Xx54',
  mode: 'live',
  permissions: ['create_letter', 'see_letters'],
  created_by: { name: 'Ada Lovelace', email: 'ada@example.com' },
  created_at: '2026-11-20T09:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-11-21T10:00:00.000Z',
  revoked_at: null,
};

let keys: ApiKey[];
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  keys = [ERP];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (method === 'GET' && url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/api-keys')
        return json(200, { keys } satisfies ApiResponse<'/api/api-keys'>);
      if (method === 'POST' && url.pathname === '/api/api-keys') {
        if (body.permissions.includes('top_up'))
          return json(422, {
            statusCode: 422,
            code: 'VALIDATION_FAILED',
            message: 'You cannot give a key a permission you do not hold yourself (Top up).',
            fields: [
              { path: 'permissions.0', message: 'You cannot give a key a permission you do not hold yourself.' },
            ],
          });
        const key: ApiKey = {
          ...ERP,
          id: 'k2',
          name: body.name,
          prefix: 'Ab12Cd34Ef56',
          mode: body.mode,
          permissions: body.permissions,
          expires_at: body.expires_at ? `${body.expires_at}T00:00:00.000Z` : null,
          last_used_at: null,
        };
        keys = [key, ...keys];
        return json(201, { key, secret: SECRET } satisfies ApiResponse<'/api/api-keys', 'post'>);
      }
      if (method === 'DELETE' && url.pathname.startsWith('/api/api-keys/')) {
        keys = keys.map((k) =>
          k.id === url.pathname.split('/').pop() ? { ...k, revoked_at: '2026-11-22T10:00:00.000Z' } : k,
        );
        return new Response(null, { status: 204 });
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => {}) },
    configurable: true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <ApiKeysSection />
    </QueryClientProvider>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const axeViolations = async (node: Element) =>
  (await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
  );

describe('Developers: API keys', () => {
  it('lists the keys by prefix, never a secret, and passes axe', async () => {
    const view = renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    await within(table).findByText('ERP');
    const [, row] = within(table).getAllByRole('row');
    expect(cells(row!).slice(0, 5)).toEqual([
      'ERP',
      'lp_live_Zz98Yy76Xx54…',
      'Live',
      'create_letter, see_letters',
      'Ada Lovelace',
    ]);
    expect(cells(row!).slice(7, 9)).toEqual([TEXT.never, TEXT.statusActive]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('is not shown without manage_company', () => {
    renderSection(testMe({ roles: [], abilities: ['see_letters'] }));
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/api-keys')).toEqual([]);
  });

  it('creates a key with only the member’s own permissions and shows its secret once, with Copy', async () => {
    renderSection(testMe({ roles: [], abilities: ['create_letter', 'see_letters', 'manage_company'] }));
    await screen.findByRole('table', { name: TEXT.tableLabel });
    fireEvent.click(screen.getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    // Only what the member holds is offered.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([
      'create_letter (Create and send letters and parcels)',
      'see_letters (See letters & parcels)',
      'manage_company (Manage company)',
    ]);
    expect(await axeViolations(dialog)).toEqual([]);
    // A name is needed.
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.createSubmit }));
    expect(await within(dialog).findByText('Give the key a name.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: ' Billing ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^see_letters/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: TEXT.test }));
    fireEvent.change(within(dialog).getByLabelText(TEXT.expires), { target: { value: '2027-06-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.createSubmit }));

    const shown = await screen.findByRole('dialog', { name: TEXT.secretTitle });
    expect(within(shown).getByText(TEXT.secretWarning)).toBeTruthy();
    expect((within(shown).getByRole('textbox', { name: TEXT.secretLabel }) as HTMLInputElement).value).toBe(SECRET);
    expect(await axeViolations(shown)).toEqual([]);
    fireEvent.click(within(shown).getByRole('button', { name: TEXT.copy }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET));
    expect(notified()).toContainEqual([TEXT.copied, 'success']);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Billing', permissions: ['see_letters'], mode: 'test', expires_at: '2027-06-30' },
    ]);
    fireEvent.click(within(shown).getByRole('button', { name: TEXT.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Afterwards only the prefix is shown.
    const table = screen.getByRole('table', { name: TEXT.tableLabel });
    expect(await within(table).findByText('Billing')).toBeTruthy();
    expect(table.textContent).not.toContain(SECRET);
    expect(table.textContent).toContain('lp_test_Ab12Cd34Ef56…');
  });

  it("shows the server's refusal in the dialog and stores nothing", async () => {
    renderSection();
    await screen.findByRole('table', { name: TEXT.tableLabel });
    fireEvent.click(screen.getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Greedy' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^top_up/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.createSubmit }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('do not hold yourself');
    expect(screen.queryByRole('dialog', { name: TEXT.secretTitle })).toBeNull();
  });

  it('revokes a key after "Are you sure?", from the keyboard', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    const revoke = await within(table).findByRole('button', { name: `${TEXT.revoke} ERP` });
    revoke.focus();
    expect(document.activeElement).toBe(revoke);
    fireEvent.click(revoke);
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(TEXT.revokeConfirm('ERP'))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.revoked, 'success']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/api-keys/k1']);
    // The confirmation's closing leaves the page inert for a moment: wait for the row as it is then.
    await waitFor(() => expect(cells(within(table).getAllByRole('row')[1]!)[8]).toBe(TEXT.statusRevoked));
    expect(within(table).queryByRole('button', { name: `${TEXT.revoke} ERP` })).toBeNull();
  });
});
