import { DEVELOPERS_TEXT, MESSAGES, ACCOUNT_SETTINGS_TEXT as TEXT, WEBHOOKS_TEXT } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { AccountSettingsPage } from '../company/account-settings-page';
import { DELIVERY_TEXT } from '../company/delivery-preferences-form';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const CURRENT = 'correct horse battery';
let profile: ApiResponse<'/api/me/profile'>;
let lists: ApiResponse<'/api/me/list-preferences'>;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  profile = { user_name: 'Ada Lovelace', email_address: 'ada@example.com', job_title: '', phone_number: '' };
  lists = { showUploaded: true, showScheduled: true, showSent: true, showFailed: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/csrf':
          return json(200, { token: 't' });
        case 'GET /api/me/profile':
          return json(200, profile);
        case 'PUT /api/me/profile':
          profile = { ...profile, ...body, phone_number: String(body.phone_number ?? '').replace(/\s+/g, '') };
          return json(200, { message: TEXT.profileSaved, ...profile } satisfies ApiResponse<'/api/me/profile', 'put'>);
        case 'POST /api/me/password':
          if (body.current_password !== CURRENT)
            return json(422, {
              statusCode: 422,
              code: 'VALIDATION_FAILED',
              message: TEXT.wrongCurrentPassword,
              fields: [{ path: 'current_password', message: TEXT.wrongCurrentPassword }],
            });
          return json(200, { message: TEXT.passwordChanged } satisfies ApiResponse<'/api/me/password', 'post'>);
        case 'GET /api/me/list-preferences':
          return json(200, lists);
        case 'PUT /api/me/list-preferences':
          lists = { ...lists, ...body };
          return json(200, {
            message: TEXT.listsSaved,
            ...lists,
          } satisfies ApiResponse<'/api/me/list-preferences', 'put'>);
        case 'DELETE /api/sessions':
          return new Response(null, { status: 204 });
        case 'GET /api/api-keys':
          return json(200, { keys: [] } satisfies ApiResponse<'/api/api-keys'>);
        case 'GET /api/accounts/settings/letters':
          return json(200, {
            delivery_preferences: {
              autoSend: false,
              mail: { print: 'colour', service: 'premium', omit: false },
              email: { kind: 'attachment', omit: false },
            },
            letters: { delivery: { mail: { omit: false }, email: { omit: false } } },
            letter_postage_preferences: { premium: true, color: true },
          } satisfies ApiResponse<'/api/accounts/settings/letters'>);
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

function renderPage(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/accountSettings']}>
        <Routes>
          <Route path="/accountSettings" element={<AccountSettingsPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const region = (name: string) => screen.findByRole('region', { name });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input labelled `name` (a required field's label ends with its asterisk). */
const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(name)}(\\s*\\*)?$`), { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

describe('/accountSettings', () => {
  it("shows the user's sections, then the company's, without the placeholder, and passes axe", async () => {
    const { view } = renderPage();
    await waitFor(() => expect(field(TEXT.name).value).toBe('Ada Lovelace'));
    await screen.findByRole('checkbox', { name: 'Sent' });
    await within(await region(DELIVERY_TEXT.heading)).findByRole('switch', { name: DELIVERY_TEXT.autoDeliver });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      TEXT.profileHeading,
      TEXT.passwordHeading,
      TEXT.sessionsHeading,
      TEXT.listsHeading,
      DELIVERY_TEXT.heading,
      TEXT.balanceHeading,
      DEVELOPERS_TEXT.heading,
      WEBHOOKS_TEXT.heading,
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account settings');
    expect(view.container.textContent).not.toContain('not available yet');
    expect(field(TEXT.email).readOnly).toBe(true);
    expect(screen.getByRole('switch', { name: 'Only finance admins see the balance' })).toBeTruthy();
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('shows the balance switch to the owner only, and the delivery preferences read-only without manage_company', async () => {
    renderPage(testMe({ roles: [], abilities: ['see_letters', 'top_up'] }));
    await within(await region(DELIVERY_TEXT.heading)).findByText(DELIVERY_TEXT.readOnly);
    expect(screen.queryByRole('heading', { name: TEXT.balanceHeading })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Only finance admins see the balance' })).toBeNull();
    // A member's own settings are all theirs to change.
    expect(await screen.findByRole('button', { name: TEXT.saveProfile })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: TEXT.signOutEverywhere })).toBeTruthy();
  });

  it('saves the profile: name with accents and apostrophes, job title and a UK phone', async () => {
    renderPage();
    await waitFor(() => expect(field(TEXT.name).value).toBe('Ada Lovelace'));
    type(TEXT.name, "Siobhán O'Brien");
    type(TEXT.jobTitle, 'Finance Director');
    type(TEXT.phone, '07700 900123');
    fireEvent.click(screen.getByRole('button', { name: TEXT.saveProfile }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.profileSaved, 'success']));
    expect(sent('PUT', '/api/me/profile').map((c) => c.body)).toEqual([
      { user_name: "Siobhán O'Brien", job_title: 'Finance Director', phone_number: '07700900123' },
    ]);
    expect(field(TEXT.phone).value).toBe('07700900123');
  });

  it('checks the profile before sending: a required name and a UK phone number, beneath the field', async () => {
    renderPage();
    await waitFor(() => expect(field(TEXT.name).value).toBe('Ada Lovelace'));
    type(TEXT.name, '  ');
    type(TEXT.phone, '+1 212 555 0100');
    fireEvent.click(screen.getByRole('button', { name: TEXT.saveProfile }));
    const section = await region(TEXT.profileHeading);
    expect(await within(section).findByText(MESSAGES.required)).toBeTruthy();
    expect(within(section).getByText(MESSAGES.ukPhone)).toBeTruthy();
    expect(field(TEXT.phone).getAttribute('aria-invalid')).toBe('true');
    expect(notified()).toContainEqual([`${TEXT.phone} - ${MESSAGES.ukPhone}`, 'error']);
    expect(sent('PUT', '/api/me/profile')).toEqual([]);
  });

  it('changes the password, and puts a wrong current password beneath its field', async () => {
    renderPage();
    const section = await region(TEXT.passwordHeading);
    type(TEXT.currentPassword, 'not my password');
    type(TEXT.newPassword, 'short');
    fireEvent.click(within(section).getByRole('button', { name: TEXT.changePassword }));
    expect(await within(section).findByText(MESSAGES.passwordMin)).toBeTruthy();
    expect(sent('POST', '/api/me/password')).toEqual([]);

    type(TEXT.newPassword, 'a much longer secret');
    fireEvent.click(within(section).getByRole('button', { name: TEXT.changePassword }));
    expect(await within(section).findByText(TEXT.wrongCurrentPassword)).toBeTruthy();
    expect(field(TEXT.currentPassword).getAttribute('aria-invalid')).toBe('true');

    type(TEXT.currentPassword, CURRENT);
    fireEvent.click(within(section).getByRole('button', { name: TEXT.changePassword }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.passwordChanged, 'success']));
    expect(sent('POST', '/api/me/password').at(-1)?.body).toEqual({
      current_password: CURRENT,
      new_password: 'a much longer secret',
    });
    await waitFor(() => expect(field(TEXT.currentPassword).value).toBe(''));
    expect(field(TEXT.newPassword).value).toBe('');
  });

  it('signs out everywhere only after "Are you sure", then leaves for the root path signed out', async () => {
    const { client } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: TEXT.signOutEverywhere }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(TEXT.signOutEverywhereConfirm)).toBeTruthy();
    // "No" has the focus: Enter on an opened confirmation never signs out by accident.
    expect(document.activeElement?.textContent).toBe('No');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE', '/api/sessions')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: TEXT.signOutEverywhere }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(sent('DELETE', '/api/sessions')).toHaveLength(1);
    expect(client.getQueryData(meQueryKey)).toBeNull();
  });

  it('saves which letters tabs the user sees', async () => {
    lists = { showUploaded: true, showScheduled: false, showSent: true, showFailed: true };
    renderPage();
    const section = await region(TEXT.listsHeading);
    const box = (name: string) => within(section).getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box('Scheduled').checked).toBe(false));
    expect(within(section).getByRole('group', { name: TEXT.listsLegend })).toBeTruthy();
    expect(box('New (uploaded letters)').checked).toBe(true);
    fireEvent.click(box('Sent'));
    fireEvent.click(box('Scheduled'));
    fireEvent.click(within(section).getByRole('button', { name: TEXT.saveLists }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.listsSaved, 'success']));
    expect(sent('PUT', '/api/me/list-preferences').map((c) => c.body)).toEqual([
      { showUploaded: true, showScheduled: true, showSent: false, showFailed: true },
    ]);
  });
});
