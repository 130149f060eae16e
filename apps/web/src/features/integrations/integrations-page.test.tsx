import { ALL_PERMISSIONS, INTEGRATION_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import { browserNavigation } from './api';
import { IntegrationsPage } from './integrations-page';
import { axeViolations, integrationRow, startServer, upgradeAnswer } from './test-server';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

let server: ReturnType<typeof startServer>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  server = startServer();
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/integrations']}>
        <Routes>
          <Route path="/integrations" element={<IntegrationsPage />} />
          <Route path="/plans" element={<h1>Plans page</h1>} />
          <Route path="/:provider/:entityType" element={<h1>Import page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('/integrations', () => {
  it('shows the accounting and cloud storage cards with their logos, banners and buttons', async () => {
    server.rows = server.rows.map((r) =>
      r.provider === 'xero'
        ? { ...r, connected: true, status: 'connected', tenant_name: 'Acme Ltd', connected_at: '2026-11-21T14:05:00Z' }
        : r.provider === 'dropbox'
          ? { ...r, connected: true, status: 'connected', auto_sync: true }
          : r.provider === 'sage'
            ? { ...r, connected: true, status: 'revoked' }
            : r,
    );
    const { view } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    const accounting = await screen.findByRole('region', { name: 'Accounting' });
    const cloud = screen.getByRole('region', { name: 'Cloud storage' });
    expect(
      within(accounting)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Xero', 'QuickBooks', 'Sage']);
    expect(
      within(cloud)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Google Drive', 'Dropbox', 'OneDrive']);
    for (const id of ['xero', 'quickbooks', 'sage', 'google_drive', 'dropbox', 'onedrive'])
      expect(screen.getByTestId(`logo-${id}`).tagName.toLowerCase()).toBe('svg');
    // No outside images.
    expect(view.container.querySelectorAll('img')).toHaveLength(0);

    const xero = await card('Xero');
    expect(
      within(xero).getByText('Import your Xero contacts as customers and post your invoices as letters.'),
    ).toBeTruthy();
    const banner = within(xero).getByTestId('connection-banner');
    expect(banner.textContent).toContain('Connected');
    expect(banner.textContent).toContain('Connected to Acme Ltd since');
    expect(within(xero).queryByRole('button', { name: 'Connect Xero' })).toBeNull();
    expect(within(xero).getByRole('button', { name: 'Disconnect Xero' })).toBeTruthy();
    expect(within(xero).getByRole('link', { name: 'Xero invoices' }).getAttribute('href')).toBe('/xero/invoices');
    expect(within(xero).getByRole('link', { name: 'Xero contacts' }).getAttribute('href')).toBe('/xero/contacts');
    // Accounting cards have an auto-sync switch too (part 2), saying what it does (issue 27 item 20).
    const invoiceSync = within(xero).getByRole('switch', { name: 'Import new invoices every hour' });
    expect(document.getElementById(invoiceSync.getAttribute('aria-describedby')!)!.textContent).toBe(
      INTEGRATION_MESSAGES.invoiceSyncHint('Xero'),
    );

    const quickBooks = await card('QuickBooks');
    expect(within(quickBooks).queryByTestId('connection-banner')).toBeNull();
    expect(within(quickBooks).getByRole('button', { name: 'Connect QuickBooks' })).toBeTruthy();
    expect(within(quickBooks).queryByRole('button', { name: 'Disconnect QuickBooks' })).toBeNull();
    // Not connected: nothing to import yet.
    expect(
      (within(quickBooks).getByRole('button', { name: 'QuickBooks invoices' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const sage = await card('Sage');
    expect(within(sage).getByTestId('connection-banner').textContent).toBe(INTEGRATION_MESSAGES.revoked('Sage'));
    expect(within(sage).getByRole('button', { name: 'Reconnect Sage' }).textContent).toBe('Reconnect');
    expect(within(sage).getByRole('button', { name: 'Disconnect Sage' })).toBeTruthy();

    const dropbox = await card('Dropbox');
    const sync = within(dropbox).getByRole('switch', { name: 'Copy letters to Dropbox' }) as HTMLInputElement;
    expect(sync.checked).toBe(true);
    expect(sync.disabled).toBe(false);
    const drive = await card('Google Drive');
    expect(
      (within(drive).getByRole('switch', { name: 'Copy letters to Google Drive' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(within(drive).getByText('Connect first to switch this on.')).toBeTruthy();

    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('connects by sending the browser to the consent page the server answers', async () => {
    renderPage();
    const xero = await card('Xero');
    fireEvent.click(within(xero).getByRole('button', { name: 'Connect Xero' }));
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith('https://login.example.com/xero/authorize?state=s1'),
    );
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/integrations/xero/connect',
    ]);
    expect(within(xero).getByRole('button', { name: 'Opening Xero...' })).toBeTruthy();
  });

  it('shows the upgrade text of a 426 with a link to the plans, and says when the plan lacks the feature', async () => {
    server.rows = server.rows.map((r) => (r.kind === 'accounting' ? { ...r, plan_allows: false } : r));
    server.answers['POST /api/integrations/quickbooks/connect'] = upgradeAnswer;
    const { view } = renderPage();
    const quickBooks = await card('QuickBooks');
    expect(within(quickBooks).getByText(/Your plan does not include accounting integrations\./)).toBeTruthy();
    // Connect still asks the server, whose answer is shown.
    fireEvent.click(within(quickBooks).getByRole('button', { name: 'Connect QuickBooks' }));
    const alert = await within(quickBooks).findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.upgradePlan);
    expect(notified()).toContainEqual([MESSAGES.upgradePlan, 'error']);
    expect(browserNavigation.assign).not.toHaveBeenCalled();
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.click(within(alert).getByRole('link', { name: 'See plans' }));
    expect(await screen.findByRole('heading', { name: 'Plans page' })).toBeTruthy();
  });

  it('disconnects after "Are you sure?" and says so', async () => {
    server.rows = server.rows.map((r) => (r.provider === 'xero' ? { ...r, connected: true, status: 'connected' } : r));
    renderPage();
    const xero = await card('Xero');
    fireEvent.click(within(xero).getByRole('button', { name: 'Disconnect Xero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(/Xero will be disconnected/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toContainEqual(['Disconnected Xero integration.', 'success']));
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/integrations/xero')).toBe(true);
    expect(await within(xero).findByRole('button', { name: 'Connect Xero' })).toBeTruthy();
    expect(within(xero).queryByTestId('connection-banner')).toBeNull();
  });

  it('switches a cloud drive’s auto-sync', async () => {
    server.rows = server.rows.map((r) =>
      r.provider === 'onedrive' ? { ...r, connected: true, status: 'connected' } : r,
    );
    renderPage();
    const onedrive = await card('OneDrive');
    const sync = within(onedrive).getByRole('switch', { name: 'Copy letters to OneDrive' }) as HTMLInputElement;
    expect(sync.checked).toBe(false);
    server.rows = server.rows.map((r) => (r.provider === 'onedrive' ? { ...r, auto_sync: true } : r));
    fireEvent.click(sync);
    await waitFor(() => expect(notified()).toContainEqual([INTEGRATION_MESSAGES.autoSyncOn('OneDrive'), 'success']));
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/integrations/onedrive/auto-sync',
      body: { sync: true },
    });
    await waitFor(() => expect(sync.checked).toBe(true));
  });

  it('switches an accounting provider’s invoice import (issue 27 item 20)', async () => {
    server.rows = server.rows.map((r) => (r.provider === 'xero' ? { ...r, connected: true, status: 'connected' } : r));
    const { view } = renderPage();
    const xero = await card('Xero');
    const sync = within(xero).getByRole('switch', { name: 'Import new invoices every hour' }) as HTMLInputElement;
    expect(sync.checked).toBe(false);
    server.rows = server.rows.map((r) => (r.provider === 'xero' ? { ...r, auto_sync: true } : r));
    fireEvent.click(sync);
    await waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/integrations/xero/auto-sync',
      body: { sync: true },
    });
    await waitFor(() => expect(sync.checked).toBe(true));
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('refetches the cards on a live refresh naming integrations', async () => {
    const { client } = renderPage();
    await card('Xero');
    server.rows = server.rows.map((r) =>
      r.provider === 'google_drive' ? integrationRow('google_drive', { connected: true, status: 'connected' }) : r,
    );
    await invalidateEntities(client, ['integrations']);
    const drive = await card('Google Drive');
    expect(await within(drive).findByRole('button', { name: 'Disconnect Google Drive' })).toBeTruthy();
  });

  it('refuses a member without manage_integrations', async () => {
    renderPage(testMe({ abilities: ALL_PERMISSIONS.filter((p) => p !== 'manage_integrations') }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(server.calls.filter((c) => c.path.startsWith('/api/integrations'))).toEqual([]);
  });
});
