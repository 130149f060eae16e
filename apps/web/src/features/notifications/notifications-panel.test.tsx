import { MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type NotificationGroup, notificationKeys } from './api';
import { approvalTarget, NotificationsPanel } from './notifications-panel';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const GROUPS: NotificationGroup[] = [
  {
    from: 'Grace Hopper',
    details: [
      { id: 'n1', description: 'Letter sent', highlight: false, approval: null },
      {
        id: 'n2',
        description: 'Grace Hopper asks to invite Alan Turing (alan@example.com).',
        highlight: true,
        approval: {
          approval_id: 'ap1',
          entity_type: 'user_invite',
          entity_id: 'alan@example.com',
          supervised_user: 'grace@example.com',
        },
      },
    ],
  },
];

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPanel(decide: () => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (path === '/api/csrf') return json(200, { token: 't' });
      if (path === '/api/notifications') return json(200, { groups: GROUPS });
      if (path === '/api/approvals/decide') return decide();
      return json(204);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(notificationKeys.list, GROUPS);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/main']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Where />
                <NotificationsPanel id="panel" count={2} anchor={document.body} onClose={onClose} />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, onClose };
}

describe('notifications panel', () => {
  beforeEach(() => {
    resetCsrfToken();
    vi.mocked(notify).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists pending requests with View, Decline and Approve', async () => {
    const { calls } = renderPanel(() => json(200, { approval_id: 'ap1', verdict: 'approve', status: 'Approved' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Pending requests')).toBeTruthy();
    expect(within(panel).getByText('2')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/approvals/decide')?.body).toEqual({
        approval_id: 'ap1',
        verdict: 'approve',
      }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/approvals/decide').at(-1)?.body).toEqual({
        approval_id: 'ap1',
        verdict: 'deny',
      }),
    );
  });

  it('says "Permission denied" when the decision is refused', async () => {
    renderPanel(() => json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: 'Permission denied' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(MESSAGES.permissionDenied, { variant: 'error' }));
  });

  it("opens the supervised user's details with View", async () => {
    const { onClose } = renderPanel(() => json(200, {}));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'View' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/users?email=grace%40example.com'));
  });

  it('dismisses one notification or clears them all', async () => {
    const { calls } = renderPanel(() => json(200, {}));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Letter sent' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/n1')).toBe(true),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications')).toBe(true));
  });

  it('leads View to the entity for users and departments', () => {
    const base = { approval_id: 'a', supervised_user: 'g@example.com' };
    expect(approvalTarget({ ...base, entity_type: 'user', entity_id: 'u1' })).toBe(
      '/users?user=u1&email=g%40example.com',
    );
    expect(approvalTarget({ ...base, entity_type: 'department', entity_id: 'd1' })).toBe('/departments?department=d1');
    expect(approvalTarget({ ...base, entity_type: 'user_invite', entity_id: 'x@example.com' })).toBe(
      '/users?email=g%40example.com',
    );
  });
});
