import { ALL_PERMISSIONS, CUSTOMER_MESSAGES, DELIVERY_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { CustomerOption, Letter } from './api';
import type { DeliveryQuote, QuoteCustomer } from './delivery-api';
import { DeliveryForm } from './delivery-form';
import { ANALYSED_LETTER } from './letter-fixture';
import { LetterPanel } from './letter-panel';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
vi.mock('./pdf-viewer-dialog', () => ({ default: () => null }));

function letter(over: Partial<Letter> = {}): Letter {
  return {
    ...ANALYSED_LETTER,
    num_pages: 2,
    has_thumbnail: false,
    ...over,
  };
}

const JOHN: QuoteCustomer = {
  customer_uuid: 'c1',
  recipient: 'Mr John Smith',
  email: 'john@example.com',
  phone: '07700 900123',
  communications_preference: ['Mail', 'Email', 'SMS'],
};

const QUOTE: DeliveryQuote = {
  channels: [{ channel: 'mail', pence: 185, lines: [{ label: 'Standard', pence: 185 }] }],
  total_pence: 185,
  available_pence: 1000,
  available_after_pence: 815,
  mail: {
    disabled: false,
    reason: null,
    is_premium: false,
    is_colour: false,
    mail_service: 'second_class',
    is_double_sided: true,
    country: null,
    country_name: null,
    zone: null,
    services: ['first_class', 'second_class', 'signed_for_first', 'signed_for_second', 'special_delivery'],
  },
  email_kind: 'attachment',
  customer: null,
  sms_parts: null,
  sms_link_prefix: 'http://localhost:3000/cloud#',
  template_values: { recipient: 'Mr John Smith', company: 'Crème Brûlée & Co', letter: 'letter' },
};

const CUSTOMERS: CustomerOption[] = [
  {
    customer_uuid: 'c1',
    recipient: 'Mr John Smith',
    address: '10 Downing Street, London, SW1A 2AA',
    email: null,
    phone: null,
    postcode: 'SW1A 2AA',
    address_lines: ['10 Downing Street', 'London', 'SW1A 2AA'],
    town: 'SW1A 2AA',
    cloud_storage_provider: null,
    address_returned: null,
    communications_preference: [],
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
  },
  {
    customer_uuid: 'c2',
    recipient: 'Joan Jones',
    address: '1 High Street, Bath, BA1 1AA',
    email: 'joan@example.com',
    phone: null,
    postcode: 'BA1 1AA',
    address_lines: ['1 High Street', 'Bath', 'BA1 1AA'],
    town: 'BA1 1AA',
    cloud_storage_provider: null,
    address_returned: null,
    communications_preference: [],
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
  },
];

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (body: unknown, search: URLSearchParams) => Response | Promise<Response>;
let calls: { method: string; url: string; search: string; body: unknown }[] = [];
let routes: Record<string, Handler> = {};

function startServer() {
  calls = [];
  routes = {
    'POST /api/letters/deliver/quote': () => json(200, QUOTE),
    'GET /api/customers': (_, search) => {
      const term = (search.get('search') ?? '').toLowerCase();
      const rows = CUSTOMERS.filter((c) => c.recipient.toLowerCase().includes(term));
      return json(200, { rows, count: rows.length });
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url: url.pathname, search: url.search, body });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      const route = routes[`${method} ${url.pathname}`];
      if (route) return route(body, url.searchParams);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.url === path);

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** The panel on a letter the server keeps: PUT and POST change what GET answers. */
function renderPanel(row: Letter, abilities: readonly string[] = ALL_PERMISSIONS) {
  let stored = row;
  const linkTo = (customer_uuid: string | null, customer_name: string | null) => {
    stored = { ...stored, customer_uuid, customer_name };
    return { uuid: row.uuid, customer_uuid, customer_name };
  };
  routes[`GET /api/letters/${row.uuid}`] = () => json(200, stored);
  routes[`PUT /api/letters/${row.uuid}/customer`] = (body) => {
    const id = (body as { customer_uuid: string | null }).customer_uuid;
    const customer = CUSTOMERS.find((c) => c.customer_uuid === id);
    if (id && !customer) return json(404, { code: 'NOT_FOUND', message: 'There is no such customer.' });
    return json(200, linkTo(id, customer?.recipient ?? null));
  };
  routes[`POST /api/letters/${row.uuid}/customer`] = () => json(201, linkTo('c9', row.recipient_name_snapshot));
  return wrap(<LetterPanel letterId={row.uuid} row={row} abilities={abilities} onClose={() => {}} />);
}

async function customerSection() {
  await screen.findByRole('dialog', { name: 'invoice.pdf' });
  return screen.findByRole('region', { name: 'Customer' });
}

beforeEach(() => {
  resetCsrfToken();
  startServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe("the letter panel's customer", () => {
  it('links to the customer, changes them with the picker and unlinks them; the quote is asked again', async () => {
    renderPanel(letter({ customer_uuid: 'c1', customer_name: 'Mr John Smith' }));
    const section = await customerSection();
    const link = within(section).getByRole('link', { name: 'Mr John Smith' });
    expect(link.getAttribute('href')).toBe('/customers?customer=c1');
    await waitFor(() => expect(sent('POST', '/api/letters/deliver/quote').length).toBeGreaterThan(0));
    expect(screen.getByTestId('delivery-customer').textContent).toBe('For Mr John Smith');

    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    const input = within(section).getByRole('combobox', { name: 'Find a customer' });
    fireEvent.change(input, { target: { value: 'jo' } });
    // Asked as the person stops typing; the customer already linked is not offered.
    await waitFor(() => expect(sent('GET', '/api/customers').map((c) => c.search)).toContain('?limit=10&search=jo'));
    const option = await screen.findByRole('option', { name: /Joan Jones/ });
    expect(screen.queryByRole('option', { name: /Mr John Smith/ })).toBeNull();
    const quotesBefore = sent('POST', '/api/letters/deliver/quote').length;
    fireEvent.click(option);
    await waitFor(() => expect(sent('PUT', '/api/letters/l1/customer')).toHaveLength(1));
    expect(sent('PUT', '/api/letters/l1/customer')[0]?.body).toEqual({ customer_uuid: 'c2' });
    expect(await within(section).findByRole('link', { name: 'Joan Jones' })).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith('This letter is now for Joan Jones.', { variant: 'success' });
    await waitFor(() => expect(sent('POST', '/api/letters/deliver/quote').length).toBeGreaterThan(quotesBefore));
    expect(screen.getByTestId('delivery-customer').textContent).toBe('For Joan Jones');

    fireEvent.click(within(section).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(sent('PUT', '/api/letters/l1/customer')).toHaveLength(2));
    expect(sent('PUT', '/api/letters/l1/customer')[1]?.body).toEqual({ customer_uuid: null });
    expect(await within(section).findByText('No customer is linked to this letter.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Choose a customer' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save recipient as a new customer' })).toBeTruthy();
    expect(screen.queryByTestId('delivery-customer')).toBeNull();
  });

  it("shows the server's message when a link is refused", async () => {
    renderPanel(letter());
    const section = await customerSection();
    routes['GET /api/customers'] = () => json(200, { rows: [{ ...CUSTOMERS[1], customer_uuid: 'gone' }], count: 1 });
    fireEvent.click(within(section).getByRole('button', { name: 'Choose a customer' }));
    fireEvent.change(within(section).getByRole('combobox', { name: 'Find a customer' }), {
      target: { value: 'joan' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Joan Jones/ }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('There is no such customer.', { variant: 'error' }),
    );
    // The picker stays open to choose again.
    expect(within(section).getByRole('combobox', { name: 'Find a customer' })).toBeTruthy();
  });

  it('shows the name without a link or changes to those who do not see customers', async () => {
    renderPanel(letter({ customer_uuid: 'c1', customer_name: 'Mr John Smith' }), ['see_letters', 'send_letter']);
    const section = await customerSection();
    expect(within(section).getByText('Mr John Smith')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    cleanup();
    renderPanel(letter(), ['see_letters', 'send_letter']);
    await screen.findByRole('dialog', { name: 'invoice.pdf' });
    expect(screen.queryByRole('region', { name: 'Customer' })).toBeNull();
  });

  it('saves the recipient as a new customer: checks the fields, then posts them', async () => {
    renderPanel(letter());
    const section = await customerSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Save recipient as a new customer' }));
    const form = within(section).getByRole('form', { name: 'Save recipient as a new customer' });
    expect(within(form).getByText('Mr John Smith, 10 Downing Street, London, SW1A 2AA')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'nope' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone' }), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(await within(form).findByText(CUSTOMER_MESSAGES.email)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.ukPhone)).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith(
      `Email - ${CUSTOMER_MESSAGES.email}`,
      expect.objectContaining({ variant: 'error' }),
    );
    expect(sent('POST', '/api/letters/l1/customer')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'john@example.com' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone' }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(sent('POST', '/api/letters/l1/customer')).toHaveLength(1));
    expect(sent('POST', '/api/letters/l1/customer')[0]?.body).toEqual({
      email: 'john@example.com',
      communications_preference: ['Mail', 'Email'],
    });
    expect(await within(section).findByRole('link', { name: 'Mr John Smith' })).toHaveProperty(
      'pathname',
      '/customers',
    );
    expect(vi.mocked(notify)).toHaveBeenCalledWith(`${CUSTOMER_MESSAGES.saved} This letter is now for Mr John Smith.`, {
      variant: 'success',
    });
  });

  it("puts the server's refusals on the fields or says them", async () => {
    renderPanel(letter());
    const section = await customerSection();
    routes['POST /api/letters/l1/customer'] = () =>
      json(409, { code: 'CONFLICT', message: CUSTOMER_MESSAGES.duplicate });
    fireEvent.click(within(section).getByRole('button', { name: 'Save recipient as a new customer' }));
    const form = within(section).getByRole('form', { name: 'Save recipient as a new customer' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'john@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(await within(form).findByText(CUSTOMER_MESSAGES.duplicate)).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith(CUSTOMER_MESSAGES.duplicate, { variant: 'error' });

    routes['POST /api/letters/l1/customer'] = () =>
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: [{ path: 'phone', message: 'That number is barred.' }],
      });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone' }), { target: { value: '07700 900123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(await within(form).findByText('That number is barred.')).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith(
      'Phone - That number is barred.',
      expect.objectContaining({ variant: 'error' }),
    );
  });

  it('offers no save without a recipient read, and has no serious accessibility violations', async () => {
    const view = renderPanel(letter({ customer_uuid: 'c1', customer_name: 'Mr John Smith' }));
    const section = await customerSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    fireEvent.change(within(section).getByRole('combobox', { name: 'Find a customer' }), {
      target: { value: 'j' },
    });
    await screen.findByRole('option', { name: /Joan Jones/ });
    let result = await axe.run(view.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    const serious = (r: axe.AxeResults) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    expect(serious(result)).toEqual([]);
    cleanup();

    renderPanel(letter({ recipient_name_snapshot: null, recipient_address_snapshot: null }));
    const empty = await customerSection();
    expect(within(empty).queryByRole('button', { name: 'Save recipient as a new customer' })).toBeNull();
    expect(within(empty).getByRole('button', { name: 'Choose a customer' })).toBeTruthy();
    cleanup();

    const saving = renderPanel(letter());
    fireEvent.click(within(await customerSection()).getByRole('button', { name: 'Save recipient as a new customer' }));
    result = await axe.run(saving.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    expect(serious(result)).toEqual([]);
  });
});

describe("the delivery form and the letter's customer", () => {
  function renderForm(over: Partial<Letter> = {}, mailDisabled = false) {
    // A form outside the panel: the letter row says nothing of its customer, the quote does.
    const { customer_uuid: _u, customer_name: _n, ...row } = letter(over);
    return wrap(<DeliveryForm letter={row} mailDisabled={mailDisabled} canDeliver />);
  }

  it("pre-fills the recipient's email and mobile from the quote's customer, and says who it is for", async () => {
    routes['POST /api/letters/deliver/quote'] = () => json(200, { ...QUOTE, customer: JOHN });
    renderForm();
    expect((await screen.findByTestId('delivery-customer')).textContent).toBe('For Mr John Smith');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Text message' }));
    expect(screen.getByRole('textbox', { name: /Recipient's email/ })).toHaveProperty('value', 'john@example.com');
    expect(screen.getByRole('textbox', { name: /mobile number/ })).toHaveProperty('value', '07700 900123');
  });

  it('fills the fields even when the choices start incomplete (mail refused by the letter)', async () => {
    routes['POST /api/letters/deliver/quote'] = () => json(200, { ...QUOTE, customer: JOHN });
    renderForm({ num_pages: 51 }, true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Recipient's email/ })).toHaveProperty('value', 'john@example.com'),
    );
    // Now complete: priced with the customer's email.
    await waitFor(() =>
      expect(sent('POST', '/api/letters/deliver/quote').at(-1)?.body).toEqual({
        uuid: 'l1',
        preference_overrides: ['email'],
        recipient_email: 'john@example.com',
      }),
    );
  });

  it('follows a new customer in the fields left alone, never in those typed in; a landline is not a mobile', async () => {
    let customer: QuoteCustomer | null = JOHN;
    routes['POST /api/letters/deliver/quote'] = () => json(200, { ...QUOTE, customer });
    const { client } = renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Text message' }));
    const email = screen.getByRole('textbox', { name: /Recipient's email/ });
    const phone = screen.getByRole('textbox', { name: /mobile number/ });
    await waitFor(() => expect(email).toHaveProperty('value', 'john@example.com'));
    fireEvent.change(phone, { target: { value: '07700 900999' } });

    customer = {
      ...JOHN,
      customer_uuid: 'c2',
      recipient: 'Joan Jones',
      email: 'joan@example.com',
      phone: '020 7946 0000',
    };
    await client.invalidateQueries({ queryKey: ['delivery-quote'] });
    await waitFor(() => expect(email).toHaveProperty('value', 'joan@example.com'));
    expect(phone).toHaveProperty('value', '07700 900999');
    expect(screen.getByTestId('delivery-customer').textContent).toBe('For Joan Jones');

    customer = null;
    await client.invalidateQueries({ queryKey: ['delivery-quote'] });
    await waitFor(() => expect(email).toHaveProperty('value', ''));
    expect(phone).toHaveProperty('value', '07700 900999');
    expect(screen.queryByTestId('delivery-customer')).toBeNull();
  });

  it("turns mail off with the customer's reason when their preferences leave it out", async () => {
    routes['POST /api/letters/deliver/quote'] = () =>
      json(200, {
        ...QUOTE,
        channels: [],
        total_pence: 0,
        mail: { ...QUOTE.mail, disabled: true, reason: DELIVERY_MESSAGES.customerOmitsMail },
        customer: { ...JOHN, communications_preference: ['Email'] },
      });
    renderForm();
    expect(await screen.findByText(DELIVERY_MESSAGES.customerOmitsMail)).toBeTruthy();
    const mail = screen.getByRole('checkbox', { name: 'Mail' });
    expect(mail).toHaveProperty('disabled', true);
    expect(mail).toHaveProperty('checked', false);
  });
});
