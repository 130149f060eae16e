import { INTEGRATION_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { AccountingRedirectPage, CloudRedirectPage, readProviderReturn } from './accounting-redirect-page';
import { browserNavigation } from './api';
import { axeViolations, json, startServer, upgradeAnswer } from './test-server';

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

function renderAt(path: string, session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/xeroRedirect" element={<AccountingRedirectPage provider="xero" />} />
            <Route path="/quickBooksRedirect" element={<AccountingRedirectPage provider="quickBooks" />} />
            <Route path="/sageRedirect" element={<AccountingRedirectPage provider="sage" />} />
            <Route path="/cloudRedirect" element={<CloudRedirectPage />} />
            <Route path="/cloudRedirect/:provider" element={<CloudRedirectPage />} />
            <Route path="/integrations" element={<h1>Integrations page</h1>} />
            <Route path="/plans" element={<h1>Plans page</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { client, view };
}

const posts = () => server.calls.filter((c) => c.method === 'POST');

/** Holds the answer to `METHOD path` until the returned function is called. */
function hold(key: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.mocked(fetch);
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (`${init?.method ?? 'GET'} ${url.pathname}` === key) await gate;
    return inner(input, init);
  });
  return release;
}

describe('the providers’ return pages', () => {
  it('registers the code, checks, says "Connected Xero integration." and goes to /integrations', async () => {
    const release = hold('POST /api/integrations/xero/redirect');
    const { view } = renderAt('/xeroRedirect?code=c0de&state=st4te&scope=openid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connecting Xero' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Connecting Xero' })).toBeTruthy();
    expect(screen.getByText('Saving the access Xero gave...')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
    release();
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
    // Once each, even under StrictMode's second mount: a code is exchanged once.
    expect(posts().map((c) => [c.path, c.body])).toEqual([
      ['/api/integrations/xero/redirect', { auth_code: 'c0de', state: 'st4te', additional_info: {} }],
      ['/api/integrations/check', { provider: 'xero' }],
    ]);
    expect(notified()).toEqual([['Connected Xero integration.', 'success']]);
  });

  it('sends QuickBooks’ realmId with the code', async () => {
    renderAt('/quickBooksRedirect?code=abc&state=s1&realmId=9130');
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
    expect(posts()[0]).toEqual({
      method: 'POST',
      path: '/api/integrations/quickbooks/redirect',
      body: { auth_code: 'abc', state: 's1', additional_info: { realmId: '9130' } },
    });
    expect(notified()).toEqual([['Connected QuickBooks integration.', 'success']]);
  });

  it('connects a cloud drive named by ?provider=', async () => {
    renderAt('/cloudRedirect?provider=google_drive&code=g1&state=s2');
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
    expect(posts().map((c) => [c.path, c.body])).toEqual([
      ['/api/integrations/google_drive/redirect', { auth_code: 'g1', state: 's2', additional_info: {} }],
      ['/api/integrations/check', { provider: 'google_drive' }],
    ]);
    expect(notified()).toEqual([['Connected Google Drive integration.', 'success']]);
    cleanup();
    server.calls.length = 0;
    renderAt('/cloudRedirect/onedrive?code=o1&state=s3');
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
    expect(posts()[0]!.path).toBe('/api/integrations/onedrive/redirect');
    cleanup();
    renderAt('/cloudRedirect?provider=xero&code=g1&state=s2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('says "An error occured. Please try again." when the registration fails, with the server’s reason', async () => {
    server.answers['POST /api/integrations/sage/redirect'] = () =>
      json(400, { statusCode: 400, code: 'STATE_INVALID', message: INTEGRATION_MESSAGES.stateInvalid });
    const { view } = renderAt('/sageRedirect?code=c&state=old');
    const failure = await screen.findByTestId('return-failure');
    expect(within(failure).getByText(INTEGRATION_MESSAGES.errorTryAgain)).toBeTruthy();
    expect(failure.textContent).toContain(INTEGRATION_MESSAGES.stateInvalid);
    expect(posts().map((c) => c.path)).toEqual(['/api/integrations/sage/redirect']);
    expect(await axeViolations(view.container)).toEqual([]);
    // Try again starts the connection once more.
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith('https://login.example.com/sage/authorize?state=s1'),
    );
    expect(within(failure).getByRole('link', { name: 'Go to Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
  });

  it('says "An error occured. Please try again." alone when the server fails', async () => {
    server.answers['POST /api/integrations/check'] = () =>
      json(500, { statusCode: 500, code: 'INTERNAL', message: MESSAGES.genericError });
    renderAt('/xeroRedirect?code=c&state=s');
    const failure = await screen.findByTestId('return-failure');
    // The spec's words alone: a 5xx's details are not for people.
    expect(failure.textContent).toBe(`${INTEGRATION_MESSAGES.errorTryAgain}Try againGo to Integrations`);
    expect(notified()).toEqual([]);
  });

  it('says "An error occured" when the check finds the connection revoked', async () => {
    server.answers['POST /api/integrations/check'] = () =>
      json(200, {
        provider: 'xero',
        connected: false,
        status: 'revoked',
        message: INTEGRATION_MESSAGES.revoked('Xero'),
      });
    renderAt('/xeroRedirect?code=c&state=s');
    const failure = await screen.findByTestId('return-failure');
    expect(within(failure).getByText(INTEGRATION_MESSAGES.error)).toBeTruthy();
    expect(failure.textContent).toContain(INTEGRATION_MESSAGES.revoked('Xero'));
    expect(notified()).toEqual([]);
    fireEvent.click(within(failure).getByRole('link', { name: 'Go to Integrations' }));
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
  });

  it('says "An error occured. Please try again." when the check finds the provider not answering', async () => {
    server.answers['POST /api/integrations/check'] = () =>
      json(200, { provider: 'sage', connected: false, status: 'error', message: INTEGRATION_MESSAGES.errorTryAgain });
    renderAt('/sageRedirect?code=c&state=s');
    const failure = await screen.findByTestId('return-failure');
    expect(failure.textContent).toBe(`${INTEGRATION_MESSAGES.errorTryAgain}Try againGo to Integrations`);
  });

  it('shows the provider’s silence (503) beneath "Please try again."', async () => {
    server.answers['POST /api/integrations/xero/redirect'] = () =>
      json(503, { statusCode: 503, code: 'UNAVAILABLE', message: INTEGRATION_MESSAGES.providerDown('Xero') });
    renderAt('/xeroRedirect?code=c&state=s');
    const failure = await screen.findByTestId('return-failure');
    expect(within(failure).getByText(INTEGRATION_MESSAGES.errorTryAgain)).toBeTruthy();
    expect(failure.textContent).toContain(INTEGRATION_MESSAGES.providerDown('Xero'));
  });

  it('shows the upgrade text for a 426 from the check, with the plans', async () => {
    server.answers['POST /api/integrations/check'] = upgradeAnswer;
    const { view } = renderAt('/xeroRedirect?code=c&state=s');
    const failure = await screen.findByTestId('return-failure');
    expect(failure.textContent).toContain(MESSAGES.upgradePlan);
    expect(within(failure).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(failure).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says the provider refused, telling the server so the state is spent', async () => {
    renderAt('/xeroRedirect?error=access_denied&state=s');
    const failure = await screen.findByTestId('return-failure');
    expect(within(failure).getByText(INTEGRATION_MESSAGES.errorTryAgain)).toBeTruthy();
    expect(failure.textContent).toContain(INTEGRATION_MESSAGES.denied('Xero'));
    await waitFor(() =>
      expect(posts().map((c) => [c.path, c.body])).toEqual([
        ['/api/integrations/xero/redirect', { state: 's', error: 'access_denied' }],
      ]),
    );
    expect(notified()).toEqual([]);
  });

  it('says "An error occured" for an address without the code, calling nothing', async () => {
    renderAt('/xeroRedirect');
    const failure = await screen.findByTestId('return-failure');
    expect(within(failure).getByText(INTEGRATION_MESSAGES.error)).toBeTruthy();
    expect(failure.textContent).toContain(INTEGRATION_MESSAGES.stateInvalid);
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('refuses a member without manage_integrations', async () => {
    renderAt('/xeroRedirect?code=c&state=s', testMe({ abilities: ['see_letters'] }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('reads the code, the state and what else the exchange needs', () => {
    expect(
      readProviderReturn(new URLSearchParams('code=a&state=b&realmId=1&provider=x&scope=openid&authuser=0')),
    ).toEqual({ kind: 'back', body: { auth_code: 'a', state: 'b', additional_info: { realmId: '1' } } });
    expect(readProviderReturn(new URLSearchParams('error=access_denied&code=a&state=b'))).toEqual({
      kind: 'refused',
      body: { state: 'b', error: 'access_denied' },
    });
    expect(readProviderReturn(new URLSearchParams('error=access_denied'))).toEqual({ kind: 'refused', body: null });
    expect(readProviderReturn(new URLSearchParams('code=a')).kind).toBe('incomplete');
  });
});
