import { ALL_PERMISSIONS, CUSTOMER_MESSAGES, LETTER_STATUS, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import type { Customer, CustomerDetail } from './api';
import { NOTHING_CHANGED } from './customer-panel';
import { CustomersPage } from './customers-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function customer(over: Partial<Customer>): Customer {
  return {
    customer_uuid: 'c1',
    recipient: "Dr Siobhán O'Neill",
    address: '12 Acacia Avenue, Clifton, Bristol, BS8 2QT',
    address_lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
    town: 'Bristol',
    postcode: 'BS8 2QT',
    email: 'siobhan.oneill@example.co.uk',
    phone: '07700 900123',
    communications_preference: ['Mail', 'SMS'],
    cloud_storage_provider: null,
    address_returned: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

const CUSTOMERS: Customer[] = [
  customer({}),
  customer({
    customer_uuid: 'c2',
    recipient: 'Smith & Sons Ltd',
    address: 'Unit 7, Canal Wharf, Leeds, LS11 5PS',
    address_lines: ['Unit 7, Canal Wharf', 'Leeds'],
    town: 'Leeds',
    postcode: 'LS11 5PS',
    email: null,
    phone: null,
    communications_preference: ['Mail'],
  }),
  customer({
    customer_uuid: 'c3',
    recipient: 'Zoë Brontë',
    address: '',
    address_lines: [],
    town: '',
    postcode: null,
    email: 'zoe@example.com',
    phone: null,
    communications_preference: ['Email'],
  }),
];

const LETTERS: CustomerDetail['letters'] = [
  {
    uuid: 'l1',
    name: 'invoice.pdf',
    status: LETTER_STATUS.analysisComplete,
    display_status: 'New',
    creation_date: '2026-11-21T14:05:00.000Z',
  },
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let stored: Customer[];
let answers: Partial<Record<string, () => Response>>;

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  answers = {};
  stored = [...CUSTOMERS];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      const custom = answers[`${method} ${url.pathname}`];
      if (custom) return custom();
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/customers') {
        const pref = url.searchParams.get('filter.communications_preference');
        const rows = pref ? stored.filter((c) => c.communications_preference.includes(pref)) : stored;
        return json(200, {
          rows,
          count: rows.length,
          filter_options: { communications_preference: ['Mail', 'Email', 'SMS', 'Cloud storage'] },
        });
      }
      const one = /^\/api\/customers\/([^/]+)$/.exec(url.pathname);
      if (one && method === 'GET') {
        const found = stored.find((c) => c.customer_uuid === one[1]);
        return found
          ? json(200, { ...found, letters: found.customer_uuid === 'c1' ? LETTERS : [] })
          : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
      }
      if (one && method === 'DELETE') {
        return json(200, { customer_uuid: one[1], message: CUSTOMER_MESSAGES.deleted });
      }
      if (method === 'PUT' && url.pathname === '/api/customers') {
        const found = stored.find((c) => c.customer_uuid === body.customer_uuid)!;
        return json(200, {
          ...found,
          ...(body.customer_phone !== undefined ? { phone: body.customer_phone } : {}),
          ...(body.customer_email !== undefined ? { email: body.customer_email } : {}),
          ...(body.cloud_storage_provider !== undefined ? { cloud_storage_provider: body.cloud_storage_provider } : {}),
        });
      }
      if (method === 'POST' && url.pathname === '/api/customers') {
        const created = customer({
          customer_uuid: 'c-new',
          recipient: body.name,
          address: '',
          address_lines: [],
          town: '',
        });
        stored.push(created);
        return json(201, created);
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path = '/customers', session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/customers" element={<CustomersPage />} />
          <Route path="/letters" element={<h1>Letters page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/customers?'));
const lastCall = (method: string, path: string) =>
  [...calls].reverse().find((c) => c.method === method && c.path.startsWith(path));

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** Opens the customer's panel from the table. */
async function openCustomer(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

const field = (panel: HTMLElement, name: RegExp) => within(panel).getByRole('textbox', { name }) as HTMLInputElement;

describe('/customers', () => {
  it('lists the customers with their preferences, and searches and filters on the server', async () => {
    const { view } = renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Recipient', 'Address', 'Email', 'Phone', 'Communication preferences']);
    const row = (await within(table).findByRole('button', { name: "Dr Siobhán O'Neill" })).closest('tr')!;
    expect(within(row).getByText('12 Acacia Avenue, Clifton, Bristol, BS8 2QT')).toBeTruthy();
    expect(within(row).getByText('siobhan.oneill@example.co.uk')).toBeTruthy();
    expect(within(row).getByText('07700 900123')).toBeTruthy();
    expect(within(row).getByText('Mail')).toBeTruthy();
    expect(within(row).getByText('SMS')).toBeTruthy();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
    expect(listCalls()[0]!.path).toBe('/api/customers?page=0&limit=5');
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ls11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)!.path).toBe('/api/customers?page=0&limit=5&search=ls11'));

    fireEvent.change(screen.getByLabelText('Communication preferences'), { target: { value: 'Email' } });
    await waitFor(() =>
      expect(listCalls().at(-1)!.path).toBe(
        '/api/customers?page=0&limit=5&search=ls11&filter.communications_preference=Email',
      ),
    );
    expect(await screen.findByText('Communication preferences: Email')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Smith & Sons Ltd' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(listCalls().at(-1)!.path).toBe('/api/customers?page=0&limit=5&search=ls11'));
  });

  it('refetches the list and the open customer on a live refresh naming customers', async () => {
    const { client } = renderAt();
    await openCustomer("Dr Siobhán O'Neill");
    await screen.findByRole('link', { name: 'invoice.pdf' });
    const before = calls.length;
    await invalidateEntities(client, ['customers']);
    const again = calls.slice(before).map((c) => c.path);
    expect(again).toContain('/api/customers?page=0&limit=5');
    expect(again).toContain('/api/customers/c1');
  });

  it('shows each customer as a card under 900 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width:899.95px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }));
    renderAt();
    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(within(list).getAllByTestId('table-card')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens a customer with their letters, each linking to its letter panel', async () => {
    const { view } = renderAt();
    const panel = await openCustomer("Dr Siobhán O'Neill");
    expect(within(panel).getByText('12 Acacia Avenue, Clifton, Bristol, BS8 2QT')).toBeTruthy();
    const link = await within(panel).findByRole('link', { name: 'invoice.pdf' });
    expect(link.getAttribute('href')).toBe('/letters?letter=l1');
    expect(within(panel).getByTestId('status-badge').textContent).toBe('New');
    expect(within(panel).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Letters page' })).toBeTruthy();
  });

  it('opens the customer named in ?customer=', async () => {
    renderAt('/customers?customer=c2');
    const panel = await screen.findByRole('dialog', { name: 'Smith & Sons Ltd' });
    expect(await within(panel).findByText('No letters for this customer yet.')).toBeTruthy();
  });

  it('edits a customer, sending only the changed fields (an emptied email as null)', async () => {
    const { view } = renderAt();
    const panel = await openCustomer("Dr Siobhán O'Neill");
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect(field(panel, /^Name/).value).toBe("Dr Siobhán O'Neill");
    expect(field(panel, /^Address line 2/).value).toBe('Clifton');
    // The last of the stored lines is the town.
    expect(field(panel, /^Address line 3/).value).toBe('');
    expect(field(panel, /^Town/).value).toBe('Bristol');
    expect(field(panel, /^Postcode/).value).toBe('BS8 2QT');
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.change(field(panel, /^Email/), { target: { value: '' } });
    fireEvent.change(field(panel, /^Phone/), { target: { value: '+44 7700 900456' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/customers')).toBeTruthy());
    expect(lastCall('PUT', '/api/customers')!.body).toEqual({
      customer_uuid: 'c1',
      customer_email: null,
      customer_phone: '+44 7700 900456',
    });
    await waitFor(() => expect(notified()).toContainEqual([CUSTOMER_MESSAGES.saved, 'success']));
    expect(await within(panel).findByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('shows the preference rule, and saves nothing when the rule gives what is stored', async () => {
    renderAt();
    const panel = await openCustomer("Dr Siobhán O'Neill");
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const mail = within(panel).getByRole('checkbox', { name: 'Mail' }) as HTMLInputElement;
    expect(mail.checked).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement).checked).toBe(true);
    expect(within(panel).getByText(/With none ticked, letters go by Mail/)).toBeTruthy();
    expect(within(panel).queryByTestId('preference-outcome')).toBeNull();
    // SMS alone: Mail is added.
    fireEvent.click(mail);
    expect(within(panel).getByTestId('preference-outcome').textContent).toBe('Saved as: Mail, SMS');
    // None: Mail.
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'SMS' }));
    expect(within(panel).getByTestId('preference-outcome').textContent).toBe('Saved as: Mail');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([NOTHING_CHANGED, 'info']));
    expect(lastCall('PUT', '/api/customers')).toBeUndefined();
  });

  it('checks the fields before sending, with the messages under the fields and bottom left', async () => {
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Add customer' });
    expect(within(panel).getByText('Saved as: Mail')).toBeTruthy();
    fireEvent.change(field(panel, /^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(field(panel, /^Phone/), { target: { value: '12345' } });
    fireEvent.change(field(panel, /^Postcode/), { target: { value: 'BS8' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add customer' }));
    expect(await within(panel).findByText(CUSTOMER_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(panel).getByText(CUSTOMER_MESSAGES.email)).toBeTruthy();
    expect(within(panel).getByText(MESSAGES.ukPhone)).toBeTruthy();
    expect(within(panel).getByText(CUSTOMER_MESSAGES.postcode)).toBeTruthy();
    expect(notified()).toEqual([
      [`Name - ${CUSTOMER_MESSAGES.nameRequired}`, 'error'],
      [`Postcode - ${CUSTOMER_MESSAGES.postcode}`, 'error'],
      [`Email - ${CUSTOMER_MESSAGES.email}`, 'error'],
      [`Phone - ${MESSAGES.ukPhone}`, 'error'],
    ]);
    expect(lastCall('POST', '/api/customers')).toBeUndefined();
  });

  it('adds a customer and shows them', async () => {
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Add customer' });
    expect(field(panel, /^Name/).required).toBe(true);
    fireEvent.change(field(panel, /^Name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(field(panel, /^Address line 1/), { target: { value: '1 Navy Way' } });
    fireEvent.change(field(panel, /^Address line 3/), { target: { value: 'Clifton' } });
    fireEvent.change(field(panel, /^Town/), { target: { value: 'Bristol' } });
    fireEvent.change(field(panel, /^Postcode/), { target: { value: 'bs8 2qt' } });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(lastCall('POST', '/api/customers')).toBeTruthy());
    expect(lastCall('POST', '/api/customers')!.body).toEqual({
      name: 'Grace Hopper',
      address_lines: ['1 Navy Way', 'Clifton'],
      town: 'Bristol',
      postcode: 'bs8 2qt',
      email: '',
      phone: '',
      communications_preference: ['SMS'],
      cloud_storage_provider: null,
    });
    await waitFor(() => expect(notified()).toContainEqual([CUSTOMER_MESSAGES.saved, 'success']));
    expect(await screen.findByRole('dialog', { name: 'Grace Hopper' })).toBeTruthy();
  });

  it('fills the address from Find address beside the postcode; axe-clean', async () => {
    answers['GET /api/addresses'] = () =>
      json(200, {
        postcode: 'EH2 2PR',
        addresses: [
          {
            id: 'a1',
            line1: 'Café Névé',
            line2: '21 Rose Street',
            line3: '',
            town: 'Edinburgh',
            county: 'Midlothian',
            postcode: 'EH2 2PR',
          },
          {
            id: 'a2',
            line1: '23 Rose Street',
            line2: '',
            line3: '',
            town: 'Edinburgh',
            county: 'Midlothian',
            postcode: 'EH2 2PR',
          },
        ],
      });
    const { view } = renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Add customer' });
    fireEvent.change(field(panel, /^Name/), { target: { value: "Áine O'Neill" } });
    fireEvent.change(field(panel, /^Postcode/), { target: { value: 'eh2 2pr' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Find address' }));
    const list = (await within(panel).findByRole('combobox', { name: 'Choose an address' })) as HTMLSelectElement;
    expect(lastCall('GET', '/api/addresses')!.path).toBe('/api/addresses?postcode=eh2+2pr');
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.change(list, { target: { value: 'a1' } });
    expect(field(panel, /^Address line 1/).value).toBe('Café Névé');
    expect(field(panel, /^Address line 2/).value).toBe('21 Rose Street');
    expect(field(panel, /^Address line 3/).value).toBe('');
    expect(field(panel, /^Town/).value).toBe('Edinburgh');
    expect(field(panel, /^Postcode/).value).toBe('EH2 2PR');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(lastCall('POST', '/api/customers')).toBeTruthy());
    expect(lastCall('POST', '/api/customers')!.body).toMatchObject({
      name: "Áine O'Neill",
      address_lines: ['Café Névé', '21 Rose Street'],
      town: 'Edinburgh',
      postcode: 'EH2 2PR',
    });
  });

  it('offers None and the three drives for the cloud storage provider, and sends the drive’s id', async () => {
    const { view } = renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Add customer' });
    const select = within(panel).getByRole('combobox', { name: 'Cloud storage provider' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.textContent, o.value])).toEqual([
      ['None', ''],
      ['Google Drive', 'google_drive'],
      ['Dropbox', 'dropbox'],
      ['OneDrive', 'onedrive'],
    ]);
    expect(select.value).toBe('');
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.change(field(panel, /^Name/), { target: { value: 'Gareth Llywelyn-Jones' } });
    fireEvent.change(select, { target: { value: 'google_drive' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(lastCall('POST', '/api/customers')).toBeTruthy());
    expect(lastCall('POST', '/api/customers')!.body).toMatchObject({
      name: 'Gareth Llywelyn-Jones',
      cloud_storage_provider: 'google_drive',
    });
  });

  it('changes and clears a customer’s drive on edit, sending only that, and shows it by name', async () => {
    // Stored before the choice was offered, by name: read as the drive it names.
    stored = [customer({ cloud_storage_provider: 'Google Drive' }), ...CUSTOMERS.slice(1)];
    renderAt();
    const panel = await openCustomer("Dr Siobhán O'Neill");
    expect(within(panel).getByText('Cloud storage provider')).toBeTruthy();
    expect(within(panel).getByText('Google Drive')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const select = () => within(panel).getByRole('combobox', { name: 'Cloud storage provider' }) as HTMLSelectElement;
    expect(select().value).toBe('google_drive');
    // Unchanged: nothing is sent.
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([NOTHING_CHANGED, 'info']));
    expect(lastCall('PUT', '/api/customers')).toBeUndefined();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit' }));
    fireEvent.change(select(), { target: { value: 'onedrive' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/customers')).toBeTruthy());
    expect(lastCall('PUT', '/api/customers')!.body).toEqual({
      customer_uuid: 'c1',
      cloud_storage_provider: 'onedrive',
    });
    await waitFor(() => expect(notified()).toContainEqual([CUSTOMER_MESSAGES.saved, 'success']));

    calls = [];
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit' }));
    fireEvent.change(select(), { target: { value: '' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('PUT', '/api/customers')).toBeTruthy());
    expect(lastCall('PUT', '/api/customers')!.body).toEqual({ customer_uuid: 'c1', cloud_storage_provider: null });
  });

  it('shows the server’s refusal of a drive under the select', async () => {
    answers['POST /api/customers'] = () =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: CUSTOMER_MESSAGES.cloudStorage,
        fields: [{ path: 'cloud_storage_provider', message: CUSTOMER_MESSAGES.cloudStorage }],
      });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Add customer' });
    fireEvent.change(field(panel, /^Name/), { target: { value: 'Renée Dubois' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Cloud storage provider' }), {
      target: { value: 'dropbox' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add customer' }));
    expect(await within(panel).findByText(CUSTOMER_MESSAGES.cloudStorage)).toBeTruthy();
  });

  it('puts the server’s field errors (422, and 409 for a duplicate email) on the fields', async () => {
    answers['PUT /api/customers'] = () =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: CUSTOMER_MESSAGES.postcode,
        fields: [{ path: 'postcode', message: CUSTOMER_MESSAGES.postcode }],
      });
    renderAt();
    const panel = await openCustomer("Dr Siobhán O'Neill");
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    fireEvent.change(field(panel, /^Postcode/), { target: { value: 'AB1 0AA' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([`Postcode - ${CUSTOMER_MESSAGES.postcode}`, 'error']));
    expect(lastCall('PUT', '/api/customers')!.body).toEqual({
      customer_uuid: 'c1',
      new_customer_address: { address_lines: ['12 Acacia Avenue', 'Clifton'], town: 'Bristol', postcode: 'AB1 0AA' },
    });
    const postcode = field(panel, /^Postcode/);
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(postcode.getAttribute('aria-describedby')!)!.textContent).toBe(
      CUSTOMER_MESSAGES.postcode,
    );

    answers['PUT /api/customers'] = () =>
      json(409, {
        statusCode: 409,
        code: 'CONFLICT',
        message: CUSTOMER_MESSAGES.duplicate,
        fields: [{ path: 'email', message: CUSTOMER_MESSAGES.duplicate }],
      });
    fireEvent.change(field(panel, /^Postcode/), { target: { value: 'BS8 2QT' } });
    fireEvent.change(field(panel, /^Email/), { target: { value: 'zoe@example.com' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified()).toContainEqual([`Email - ${CUSTOMER_MESSAGES.duplicate}`, 'error']));
    expect(within(panel).getByText(CUSTOMER_MESSAGES.duplicate)).toBeTruthy();
  });

  it('deletes a customer only after "Are you sure?"', async () => {
    renderAt();
    const panel = await openCustomer('Smith & Sons Ltd');
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(/Smith & Sons Ltd will be deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(lastCall('DELETE', '/api/customers/')).toBeUndefined();

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/customers/')?.path).toBe('/api/customers/c2'));
    await waitFor(() => expect(notified()).toContainEqual([CUSTOMER_MESSAGES.deleted, 'success']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Smith & Sons Ltd' })).toBeNull());
  });

  it('lets see_recipients read only, and refuses a member without it', async () => {
    renderAt('/customers', testMe({ abilities: ['see_recipients'] }));
    const panel = await openCustomer("Dr Siobhán O'Neill");
    expect(screen.queryByRole('button', { name: 'Add customer' })).toBeNull();
    expect(await within(panel).findByText('invoice.pdf')).toBeTruthy();
    // Without see_letters the letters are not links.
    expect(within(panel).queryByRole('link', { name: 'invoice.pdf' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();

    calls = [];
    renderAt('/customers', testMe({ abilities: ALL_PERMISSIONS.filter((p) => !p.endsWith('_recipients')) }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listCalls()).toEqual([]);
  });
});
