import { COMPANY_MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { COMPANY_TEXT, CompanyPage } from './company-page';
import { REGISTRATION_TEXT, RegistrationInfoPage } from './registration-info-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message]) => message);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const OBRIEN: ApiResponse<'/api/company/registration/lookup', 'post'>['company'] = {
  company_number: '01234567',
  company_name: "O'BRIEN & DAUGHTERS LIMITED",
  company_status: 'active',
  registered_address: ["14 St John's Lane", 'London', 'EC1M 4BF', 'England'],
  date_of_creation: '1998-03-14',
  type: 'ltd',
};

const NOT_FOUND = 'We could not find a registered active company with this ID.';

let profile: ApiResponse<'/api/company'>;
let calls: Array<{ method: string; path: string; body: unknown }>;
let registerDown: boolean;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  registerDown = false;
  calls = [];
  profile = {
    id: 'a1',
    reference: 'LP-7K3M-9QXD-2R4',
    name: 'Crème Brûlée & Co',
    registration: null,
    postal_address: null,
    vat_number: null,
    reply_to_email: null,
    plan: 'Business',
    health: { status: 'active', reason: null },
    members: 4,
    balance: 12345,
    can: { edit_address: true, manage_registration: true },
  };
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
        case 'GET /api/company':
          return json(200, profile);
        case 'POST /api/company/registration/lookup':
        case 'PUT /api/company/registration': {
          if (registerDown)
            return json(503, { statusCode: 503, code: 'UNAVAILABLE', message: COMPANY_MESSAGES.registerDown });
          if (body.registration_number.replace(/\s/g, '').padStart(8, '0') !== '01234567')
            return json(422, { statusCode: 422, code: 'VALIDATION_FAILED', message: NOT_FOUND });
          if (method === 'POST') {
            return json(200, { company: OBRIEN } satisfies ApiResponse<'/api/company/registration/lookup', 'post'>);
          }
          profile = { ...profile, registration: { ...OBRIEN, checked_at: '2026-11-26T02:00:00.000Z' } };
          return json(200, {
            company: OBRIEN,
            checked_at: '2026-11-26T02:00:00.000Z',
            message: 'Saved it.',
          } satisfies ApiResponse<'/api/company/registration', 'put'>);
        }
        case 'PUT /api/company/details':
          profile = {
            ...profile,
            postal_address: { addressLine3: '', ...body.postal_address, postcode: 'CF5 2YD' },
            vat_number: body.vat_number ? 'GB999999973' : null,
          };
          return json(200, {
            postal_address: profile.postal_address,
            vat_number: profile.vat_number,
            message: 'OK',
          } satisfies ApiResponse<'/api/company/details', 'put'>);
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

function renderAt(path: string, session: Me = testMe(), state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path="/company" element={<CompanyPage />} />
          <Route path="/registrationInfo" element={<RegistrationInfoPage />} />
          <Route path="/main" element={<p>Home page</p>} />
          <Route path="/plans" element={<p>Plans page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view;
}

async function expectAccessible(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** The profile's pairs as label -> text. */
function pairs(container: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dt of container.querySelectorAll('dt'))
    out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
  return out;
}

describe('/company', () => {
  it('lists only the non-empty pairs, links the plans, and is accessible', async () => {
    const view = renderAt('/company');
    await screen.findByText('Crème Brûlée & Co');
    expect(pairs(view.container)).toEqual({
      'Company name': 'Crème Brûlée & Co',
      'Account ID': 'LP-7K3M-9QXD-2R4',
      Plan: 'Business (Plans)',
      'Account health': 'Active',
      Members: '4',
      Balance: '£123.45',
    });
    expect(screen.getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('/plans');
    expect(screen.getByRole('link', { name: COMPANY_TEXT.lookUp }).getAttribute('href')).toBe('/registrationInfo');
    await expectAccessible(view.container);
  });

  it('shows the registration and the addresses as lists, and no balance when it is hidden', async () => {
    profile = {
      ...profile,
      registration: { ...OBRIEN, checked_at: '2026-11-26T02:00:00.000Z' },
      postal_address: {
        addressLine1: "Flat 2, St Mary's Court",
        addressLine2: '',
        addressLine3: '',
        town: 'Llandaff',
        county: '',
        postcode: 'CF5 2YD',
      },
      vat_number: 'GB999999973',
      balance: undefined,
      can: { edit_address: false, manage_registration: false },
    };
    const view = renderAt('/company');
    await screen.findByText("O'BRIEN & DAUGHTERS LIMITED");
    const list = pairs(view.container);
    expect(list['Company number']).toBe('01234567');
    expect(list['Company status']).toBe('Active');
    expect(list['VAT number']).toBe('GB999999973');
    expect(list).not.toHaveProperty('Balance');
    const registered = view.container.querySelectorAll('dt');
    const address = [...registered].find((d) => d.textContent === 'Registered address')!.nextElementSibling!;
    expect([...address.querySelectorAll('li')].map((li) => li.textContent)).toEqual(OBRIEN.registered_address);
    const postal = [...registered].find((d) => d.textContent === 'Postal address')!.nextElementSibling!;
    expect([...postal.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      "Flat 2, St Mary's Court",
      'Llandaff',
      'CF5 2YD',
    ]);
    // Without the permissions, neither edit is offered.
    expect(screen.queryByRole('button', { name: COMPANY_TEXT.edit })).toBeNull();
    expect(screen.queryByRole('link', { name: COMPANY_TEXT.lookUp })).toBeNull();
    await expectAccessible(view.container);
  });

  it('edits the postal address: field errors beneath and as messages, then saves and shows it', async () => {
    const view = renderAt('/company');
    fireEvent.click(await screen.findByRole('button', { name: COMPANY_TEXT.edit }));
    const form = screen.getByRole('region', { name: COMPANY_TEXT.editHeading });
    fireEvent.change(within(form).getByLabelText(/^Postcode/), { target: { value: 'ZZ' } });
    fireEvent.change(within(form).getByLabelText(/^VAT number/), { target: { value: 'GB 123 4567 89' } });
    fireEvent.change(within(form).getByLabelText(/^Reply-to email for letters/), {
      target: { value: 'accounts at obrien' },
    });
    fireEvent.click(within(form).getByRole('button', { name: COMPANY_TEXT.save }));
    await waitFor(() => expect(notified()).toContain('Address line 1 - Please supply the first line of the address'));
    expect(notified()).toContain('Postcode - Invalid Postcode');
    // The right shape with wrong check digits is a mistyped number: the check-digit message says so.
    expect(notified()).toContain(`VAT number - ${COMPANY_MESSAGES.vatCheckDigits}`);
    expect(within(form).getByText(COMPANY_MESSAGES.vatCheckDigits)).toBeTruthy();
    expect(notified()).toContain(`Reply-to email for letters - ${COMPANY_MESSAGES.replyToInvalid}`);
    expect(within(form).getByText('Invalid Postcode')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await expectAccessible(view.container);

    fireEvent.change(within(form).getByLabelText(/^Address line 1/), { target: { value: "Flat 2, St Mary's Court" } });
    fireEvent.change(within(form).getByLabelText(/^Town or city/), { target: { value: 'Llandaff' } });
    fireEvent.change(within(form).getByLabelText(/^Postcode/), { target: { value: 'cf5 2yd' } });
    fireEvent.change(within(form).getByLabelText(/^VAT number/), { target: { value: 'GB 999 9999 73' } });
    fireEvent.change(within(form).getByLabelText(/^Reply-to email for letters/), {
      target: { value: 'accounts@obrien-daughters.co.uk' },
    });
    fireEvent.click(within(form).getByRole('button', { name: COMPANY_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('region', { name: COMPANY_TEXT.editHeading })).toBeNull());
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/company/details');
    expect(put?.body).toEqual({
      postal_address: {
        addressLine1: "Flat 2, St Mary's Court",
        addressLine2: '',
        addressLine3: '',
        town: 'Llandaff',
        county: '',
        postcode: 'CF5 2YD',
      },
      vat_number: 'GB 999 9999 73',
      reply_to_email: 'accounts@obrien-daughters.co.uk',
    });
    await waitFor(() => expect(pairs(view.container)['VAT number']).toBe('GB999999973'));
    expect(pairs(view.container)['Postal address']).toContain('CF5 2YD');
  });
});

describe('/registrationInfo', () => {
  it('looks a number up, shows the register answer, saves it and goes to the profile', async () => {
    const view = renderAt('/registrationInfo');
    expect(screen.getByRole('heading', { level: 1, name: REGISTRATION_TEXT.title })).toBeTruthy();
    await expectAccessible(view.container);
    fireEvent.change(screen.getByLabelText(/^Company registration number/), { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    const found = await screen.findByRole('region', { name: REGISTRATION_TEXT.found });
    expect(within(found).getByText("O'BRIEN & DAUGHTERS LIMITED")).toBeTruthy();
    expect(within(found).getByText('01234567')).toBeTruthy();
    expect(within(found).getByText("14 St John's Lane")).toBeTruthy();
    expect(within(found).getByText('Active')).toBeTruthy();
    await expectAccessible(view.container);
    fireEvent.click(within(found).getByRole('button', { name: REGISTRATION_TEXT.confirm }));
    expect(await screen.findByRole('heading', { level: 1, name: COMPANY_TEXT.title })).toBeTruthy();
    expect(notified()).toContain('Saved it.');
    // Back on the lookup, the saved registration is named.
    cleanup();
    renderAt('/registrationInfo');
    expect(await screen.findByText("Saved registration: O'BRIEN & DAUGHTERS LIMITED (01234567).")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ registration_number: '01234567' }]);
  });

  it('shows the spec message for a company that is not active, and the register being down', async () => {
    renderAt('/registrationInfo');
    const field = screen.getByLabelText(/^Company registration number/);
    fireEvent.change(field, { target: { value: '09876543' } });
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);
    expect(screen.queryByRole('region', { name: REGISTRATION_TEXT.found })).toBeNull();
    registerDown = true;
    fireEvent.change(field, { target: { value: '01234567' } });
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COMPANY_MESSAGES.registerDown));
  });

  it('checks the number before asking: required, then its shape', async () => {
    renderAt('/registrationInfo');
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    expect(notified()).toEqual(['Company registration number - This field is required']);
    fireEvent.change(screen.getByLabelText(/^Company registration number/), { target: { value: 'ABC-12' } });
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    expect(screen.getByText(COMPANY_MESSAGES.numberInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/company/registration'))).toEqual([]);
  });

  it('after sign-up, saving the registration carries on to the home page (the first-run welcome), as skipping does', async () => {
    renderAt('/registrationInfo', testMe(), { afterSignUp: true });
    fireEvent.change(screen.getByLabelText(/^Company registration number/), { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: REGISTRATION_TEXT.lookUp }));
    const found = await screen.findByRole('region', { name: REGISTRATION_TEXT.found });
    fireEvent.click(within(found).getByRole('button', { name: REGISTRATION_TEXT.confirm }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(notified()).toContain('Saved it.');
  });

  it('after sign-up offers "Skip for now" to the home page; a member without the right is told who can', async () => {
    renderAt('/registrationInfo', testMe(), { afterSignUp: true });
    fireEvent.click(screen.getByRole('link', { name: REGISTRATION_TEXT.skip }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    cleanup();
    const view = renderAt('/registrationInfo', testMe({ roles: [], abilities: ['see_letters'] }));
    expect(screen.getByText(REGISTRATION_TEXT.notAllowed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: REGISTRATION_TEXT.lookUp })).toBeNull();
    expect(screen.getByRole('link', { name: REGISTRATION_TEXT.back }).getAttribute('href')).toBe('/company');
    await expectAccessible(view.container);
  });
});
