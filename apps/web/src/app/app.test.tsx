import { DELIVERY_MESSAGES, permissionsFromRoles } from '@lp/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../lib/api';
import type { Me } from '../lib/session';
import { testMe } from '../test/me';
import { AppRoutes, createAppQueryClient } from './app';
import { Providers } from './providers';

const ADA: Me = testMe();

interface ServerState {
  me: Me | null;
  signInAs: Me;
  count: number;
  countStatus: number;
  groups?: unknown[];
  balance?: unknown;
  meStatus?: number;
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function startServer(state: ServerState) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    switch (`${method} ${path}`) {
      case 'GET /api/csrf':
        return json(200, { token: 'csrf-token' });
      case 'GET /api/me':
        if (state.meStatus) return json(state.meStatus, { statusCode: state.meStatus, code: 'INTERNAL', message: 'x' });
        return state.me ? json(200, state.me) : json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' });
      case 'POST /api/session':
        if (body.password === 'correct horse') {
          state.me = state.signInAs;
          return json(200, state.me);
        }
        return json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Permission denied' });
      case 'DELETE /api/session':
        state.me = null;
        return json(204);
      case 'GET /api/notifications/count':
        return state.countStatus === 200
          ? json(200, { count: state.count })
          : json(state.countStatus, { statusCode: state.countStatus, code: 'UNAUTHENTICATED', message: 'x' });
      case 'POST /api/signup':
        if (body.companyName === 'Server says no') {
          return json(422, {
            statusCode: 422,
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            fields: [{ path: 'companyName', message: 'This company name is not allowed' }],
          });
        }
        return json(409, {
          statusCode: 409,
          code: 'ALREADY_REGISTERED',
          message: 'It looks like you already have an account with us.',
        });
      case 'POST /api/password-reset':
        return json(400, { statusCode: 400, code: 'INVALID_TOKEN', message: 'x' });
      case 'POST /api/password-reset/request':
        return json(202, { message: 'If an account exists for that email address, we have sent it a link.' });
      case 'GET /api/invitations/good/acc-1':
        return json(200, { full_name: 'Grace Hopper', email_address: 'grace@example.com', account_name: 'Acme Ltd' });
      case 'POST /api/invitations/accept':
        state.me = {
          ...ADA,
          user: { ...ADA.user, name: body.user_name, firstName: 'Grace', email: 'grace@example.com' },
        };
        return json(201, state.me);
      case 'GET /api/notifications':
        return json(200, { groups: state.groups ?? [] });
      case 'POST /api/cloud/open':
        return body.token === 'some-token'
          ? json(200, {
              name: 'Invoice',
              num_pages: 1,
              company_name: 'Acme Ltd',
              expires_at: '2026-12-01T00:00:00.000Z',
              first_opened_at: null,
            })
          : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Gone' });
      case 'GET /api/company':
        return json(200, {
          id: 'a1',
          name: 'Acme Ltd',
          registration: null,
          postal_address: null,
          vat_number: null,
          plan: 'Business',
          health: { status: 'active', reason: null },
          members: 3,
          balance: 5000,
          can: { edit_address: true, manage_registration: true },
        });
      case 'GET /api/finances/balance':
        if (state.balance) return json(200, state.balance);
        return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      default:
        return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApp(path: string) {
  window.history.pushState({}, '', path);
  const queryClient = createAppQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>,
  );
  return queryClient;
}

let state: ServerState;

describe('the app', () => {
  beforeEach(() => {
    resetCsrfToken();
    state = { me: null, signInAs: ADA, count: 0, countStatus: 200 };
    startServer(state);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor of a private page to the landing page', async () => {
    renderApp('/letters');
    expect(await screen.findByRole('heading', { level: 1, name: /letters and parcels/i })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signIn');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/signUp');
  });

  it('shows field errors beneath the fields and as "[label] - [message]" messages', async () => {
    renderApp('/signIn');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email - This field is required')).toBeTruthy();
    expect(screen.getByText('Password - This field is required')).toBeTruthy();
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const helper = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('This field is required');
  });

  it('says "Permission denied" when the credentials are wrong', async () => {
    renderApp('/signIn');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Once in the error banner and once in the bottom-left message.
    await waitFor(() => expect(screen.getAllByText('Permission denied').length).toBeGreaterThanOrEqual(2));
    expect(window.location.pathname).toBe('/signIn');
  });

  it('toggles the password between hidden and shown', async () => {
    renderApp('/signIn');
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide characters' }));
    expect(password.type).toBe('password');
  });

  it('signs in, lands on /main and welcomes the user by first name', async () => {
    state.count = 150;
    renderApp('/signIn');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ADA@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(window.location.pathname).toBe('/main');
    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Letters' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'More' })).toBeTruthy();
    expect(await within(screen.getByRole('button', { name: 'Notifications 99+' })).findByText('99+')).toBeTruthy();
    const shortcuts = await screen.findByRole('list', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Letters' }).getAttribute('href')).toBe('/letters');
    expect(screen.queryByTestId('suspended-banner')).toBeNull();
  });

  it('greys out the tiles, disables entries and shows the banner while suspended', async () => {
    state.me = {
      ...ADA,
      account: { ...ADA.account, health: { status: 'suspended', reason: 'plan_payment_insufficient_funds' } },
    };
    renderApp('/main');
    const banner = await screen.findByTestId('suspended-banner');
    expect(banner.textContent).toContain(
      "Your account has been suspended. You didn't have sufficient funds for your Business subscription.",
    );
    expect(banner.textContent).toContain('£29.00');
    expect(banner.textContent).toContain('Basic plan');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Letters' }).getAttribute('aria-disabled')).toBe('true');
    // The home page is a lazy chunk: it can arrive after the shell's banner on a slow machine.
    const tiles = within(await screen.findByRole('list', { name: 'Shortcuts' })).getAllByRole('link');
    expect(tiles.every((t) => t.getAttribute('aria-disabled') === 'true' && !t.getAttribute('href'))).toBe(true);
    expect(within(banner).getByRole('link', { name: 'Go to Finances' }).getAttribute('href')).toBe('/finances');
    expect(within(banner).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/plans');
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('suspended-banner')).toBeNull());
  });

  it('shows the balance widget at the bottom right, and links the company profile to the plans', async () => {
    state.me = ADA;
    state.balance = { balance: 5000, held: 0, available: 5000, crediting: false };
    renderApp('/company');
    const footer = await screen.findByRole('contentinfo');
    const widget = await within(footer).findByRole('region', { name: 'Balance' });
    expect(within(widget).getByText('£50.00')).toBeTruthy();
    expect(within(widget).getByRole('button', { name: 'Add Funds' })).toBeTruthy();
    expect(within(footer).getByRole('button', { name: 'Help' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Company profile' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: 'Plans' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    expect(window.location.pathname).toBe('/plans');
  });

  it('opens Letters to a Contributor ticked with nothing selected, and to a Supervisor (decision 0012)', async () => {
    state.me = testMe({
      roles: ['Contributor'],
      abilities: permissionsFromRoles([{ role: 'Contributor', checked: [] }]),
    });
    renderApp('/main');
    let nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Letters' }).getAttribute('href')).toBe('/letters');
    expect(within(nav).getByRole('link', { name: 'Parcels' }).getAttribute('href')).toBe('/parcels');
    cleanup();
    state.me = testMe({
      roles: ['Supervisor'],
      abilities: permissionsFromRoles([{ role: 'Supervisor', checked: [] }]),
    });
    renderApp('/main');
    nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Letters' }).getAttribute('href')).toBe('/letters');
  });

  it('tells a member without the rights to ask the owner', async () => {
    state.me = {
      ...ADA,
      abilities: ['see_letters'],
      account: { ...ADA.account, health: { status: 'suspended', reason: 'plan_payment_insufficient_funds' } },
    };
    renderApp('/main');
    const banner = await screen.findByTestId('suspended-banner');
    expect(banner.textContent).toContain('ask the account owner or an authorised member');
    expect(within(banner).queryByRole('link', { name: 'Choose a plan' })).toBeNull();
  });

  it('shows a screen the member may not open as one clear no-access state, without its toolbar', async () => {
    state.me = { ...ADA, abilities: ['see_letters'] };
    renderApp('/finances');
    expect(await screen.findByRole('heading', { level: 1, name: 'Finances' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Permission denied');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe('/main');
    cleanup();
    // A screen open to every member (the company profile) is never refused.
    renderApp('/company');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company profile' })).toBeTruthy();
  });

  it('shows the download page for windows or mac only, and a not-found page', async () => {
    state.me = ADA;
    renderApp('/download/mac');
    expect(await screen.findByRole('heading', { level: 1, name: 'Download for Mac' })).toBeTruthy();
    expect(await screen.findByText(/The download is not available for Mac yet\./)).toBeTruthy();
    cleanup();
    renderApp('/download/linux');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    cleanup();
    renderApp('/xero/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Xero invoices' })).toBeTruthy();
    cleanup();
    renderApp('/xero/bananas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('hides the shell on /cloud', async () => {
    state.me = ADA;
    renderApp('/cloud');
    expect(await screen.findByRole('heading', { level: 1, name: 'Letter not available' })).toBeTruthy();
    expect(screen.getByText(DELIVERY_MESSAGES.cloudLinkGone)).toBeTruthy();
    expect(window.location.pathname).toBe('/cloud');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });

  it('opens /cloud for a visitor without an account, without the shell', async () => {
    renderApp('/cloud#some-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Ltd sent you a letter' })).toBeTruthy();
    expect(window.location.pathname).toBe('/cloud');
    expect(window.location.hash).toBe('#some-token');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('opens /cloud even when the session cannot be read', async () => {
    state.meStatus = 500;
    renderApp('/cloud#some-token');
    // The session is asked for three times (two retries) before the page goes on without it.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Ltd sent you a letter' }, { timeout: 8000 }),
    ).toBeTruthy();
  }, 10_000);

  it('sends a signed-in user away from /signIn', async () => {
    state.me = ADA;
    renderApp('/signIn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(window.location.pathname).toBe('/main');
  });

  it('logs out from the profile menu and returns to the root', async () => {
    state.me = ADA;
    renderApp('/letters');
    fireEvent.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /letters and parcels/i })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(state.me).toBeNull();
  });

  it('returns to the root when the session is lost (a 401 while signed in)', async () => {
    state.me = ADA;
    state.countStatus = 401;
    renderApp('/letters');
    expect(await screen.findByRole('heading', { level: 1, name: /letters and parcels/i })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('opens the notifications panel with its empty state', async () => {
    state.me = ADA;
    renderApp('/main');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('lists notifications by sender, and shows the empty state when there are none', async () => {
    state.me = ADA;
    state.count = 2;
    state.groups = [
      {
        from: 'grace@example.com',
        details: [
          { id: 'n1', description: 'Letter sent', highlight: false },
          {
            id: 'n2',
            description: 'Approve a parcel',
            approval: {
              approval_id: 'p1',
              entity_type: 'parcel',
              entity_id: 'x',
              supervised_user: 'grace@example.com',
            },
          },
        ],
      },
    ];
    renderApp('/main');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('grace@example.com')).toBeTruthy();
    expect(within(panel).getByText('Letter sent')).toBeTruthy();
    expect(within(panel).getByText('Pending requests')).toBeTruthy();
    cleanup();
    state.groups = undefined;
    renderApp('/main');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const empty = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(empty).findByText('No notifications')).toBeTruthy();
  });

  it('offers a password reset to someone who is already registered', async () => {
    renderApp('/signUp');
    fireEvent.change(await screen.findByLabelText(/^Company name/), { target: { value: 'Acme Ltd' } });
    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('It looks like you already have an account with us.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Click here if you'd like to reset your password" }));
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    expect(window.location.pathname).toBe('/resetPassword');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(send);
    expect(await screen.findByText(/we have sent it a link/)).toBeTruthy();
  });

  it('checks the password length on sign-up', async () => {
    renderApp('/signUp');
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password - Must be at least 8 characters long')).toBeTruthy();
  });

  it('explains an expired reset link and offers a new one', async () => {
    renderApp('/resetPassword?token=abcdefghijklmnop');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      (await screen.findAllByText('This reset link has expired or has already been used.')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('rejects an unknown invitation', async () => {
    renderApp('/invited/signUp/bad/acc-1');
    expect(await screen.findByText('This invitation is not valid or has already been used.')).toBeTruthy();
  });

  it('lets an invited user join with the name prefilled', async () => {
    renderApp('/invited/signUp/good/acc-1');
    const name = (await screen.findByLabelText(/^Full name/)) as HTMLInputElement;
    expect(name.value).toBe('Grace Hopper');
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('grace@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Phone number - Must be a valid UK phone number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '07700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(await screen.findByText('Welcome, Grace!')).toBeTruthy();
  });

  it("puts the server's field errors on the fields", async () => {
    renderApp('/signUp');
    fireEvent.change(await screen.findByLabelText(/^Company name/), { target: { value: 'Server says no' } });
    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Company name - This company name is not allowed')).toBeTruthy();
    const company = screen.getByLabelText(/^Company name/);
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(company.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This company name is not allowed',
    );
  });
});
