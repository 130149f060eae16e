import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { AccountSettingsPage } from './account-settings-page';
import type { LetterSettings, LetterSettingsSaved } from './delivery-preferences-api';
import { DELIVERY_TEXT } from './delivery-preferences-form';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

const SAVED = 'Your delivery preferences were saved.';

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Prefs = LetterSettings['delivery_preferences'];

const settingsOf = (p: Prefs): LetterSettings => ({
  delivery_preferences: p,
  letters: { delivery: { mail: { omit: p.mail.omit }, email: { omit: p.email.omit } } },
  letter_postage_preferences: { premium: p.mail.service === 'premium', color: p.mail.print === 'colour' },
});

const DEFAULTS: Prefs = {
  autoSend: false,
  mail: { print: 'colour', service: 'premium', omit: false },
  email: { kind: 'attachment', omit: false },
};

let stored: Prefs;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  stored = structuredClone(DEFAULTS);
  calls = [];
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
        case 'GET /api/accounts/settings/letters':
          return json(200, settingsOf(stored));
        case 'PUT /api/accounts/settings/letters':
          stored = body.delivery_preferences;
          return json(200, { message: SAVED, ...settingsOf(stored) } satisfies LetterSettingsSaved);
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

const section = () => screen.findByRole('region', { name: DELIVERY_TEXT.heading });
const control = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('/accountSettings letter delivery', () => {
  it('shows the preferences accessibly', async () => {
    const { view } = renderPage();
    const form = await section();
    await within(form).findByRole('switch', { name: DELIVERY_TEXT.autoDeliver });
    expect(view.container.textContent).not.toContain('not available yet');
    expect((screen.getByRole('radio', { name: DELIVERY_TEXT.colour }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: DELIVERY_TEXT.premium }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: DELIVERY_TEXT.attachment }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: DELIVERY_TEXT.print })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: DELIVERY_TEXT.service })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: DELIVERY_TEXT.emailKind })).toBeTruthy();
    expect(control('Omit delivery via mail?').checked).toBe(false);
    expect(control('Omit delivery via email?').checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('disables omit-mail while omit-email is on, turning it off', async () => {
    renderPage();
    await section();
    const omitMail = await screen.findByRole('switch', { name: 'Omit delivery via mail?' });
    fireEvent.click(omitMail);
    expect(control('Omit delivery via mail?').checked).toBe(true);
    fireEvent.click(control('Omit delivery via email?'));
    expect(control('Omit delivery via email?').checked).toBe(true);
    expect(control('Omit delivery via mail?').disabled).toBe(true);
    expect(control('Omit delivery via mail?').checked).toBe(false);
    expect(screen.getByText(DELIVERY_TEXT.omitMailLocked)).toBeTruthy();
    fireEvent.click(control('Omit delivery via email?'));
    expect(control('Omit delivery via mail?').disabled).toBe(false);
  });

  it('shows omit-mail off and disabled when both omit flags arrive on', async () => {
    stored = { ...DEFAULTS, mail: { ...DEFAULTS.mail, omit: true }, email: { ...DEFAULTS.email, omit: true } };
    renderPage();
    const omitMail = (await screen.findByRole('switch', { name: 'Omit delivery via mail?' })) as HTMLInputElement;
    expect(omitMail.checked).toBe(false);
    expect(omitMail.disabled).toBe(true);
  });

  it('sends the chosen preferences, shows the server message and goes home', async () => {
    renderPage();
    await section();
    fireEvent.click(await screen.findByRole('switch', { name: DELIVERY_TEXT.autoDeliver }));
    fireEvent.click(screen.getByRole('radio', { name: DELIVERY_TEXT.blackAndWhite }));
    fireEvent.click(screen.getByRole('radio', { name: DELIVERY_TEXT.standard }));
    fireEvent.click(screen.getByRole('radio', { name: DELIVERY_TEXT.link }));
    fireEvent.click(control('Omit delivery via email?'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/accounts/settings/letters');
    expect(put?.body).toEqual({
      delivery_preferences: {
        autoSend: true,
        mail: { print: 'black_and_white', service: 'standard', omit: false },
        email: { kind: 'link', omit: true },
      },
    });
    await waitFor(() => expect(notified()).toEqual([[SAVED, 'success']]));
  });

  it('is read-only with an explanation without manage_company', async () => {
    renderPage(testMe({ roles: [], abilities: ['see_letters', 'send_letter'] }));
    const form = await section();
    expect(await within(form).findByText(DELIVERY_TEXT.readOnly)).toBeTruthy();
    for (const name of [DELIVERY_TEXT.autoDeliver, 'Omit delivery via mail?', 'Omit delivery via email?'])
      expect(control(name).disabled, name).toBe(true);
    for (const name of [DELIVERY_TEXT.colour, DELIVERY_TEXT.standard, DELIVERY_TEXT.link])
      expect((screen.getByRole('radio', { name }) as HTMLInputElement).disabled, name).toBe(true);
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest('form')!);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
