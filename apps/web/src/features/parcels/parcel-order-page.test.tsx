import { MESSAGES, PARCEL_MESSAGES, ukToday } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_PICKER_TEXT } from '../../components/address-picker';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { CustomerPick, ParcelDefaults, ParcelPartyDto, QuoteAnswer } from './api';
import { ORDER_TEXT, ParcelOrderPage, partyFromCustomer } from './parcel-order-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message]) => message);

const SENDER: ParcelPartyDto = {
  name: 'Acme Ltd',
  phoneNumber: '+447700900456',
  email: 'ada@example.com',
  addressLine1: 'Unit 7',
  addressLine2: 'Canal Wharf',
  addressLine3: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS11 5PS',
};

const CUSTOMER: CustomerPick = {
  customer_uuid: 'c1',
  recipient: 'Grace Hopper',
  address: '12 Acacia Avenue, Clifton, Bristol, BS8 2QT',
  address_lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
  town: 'Bristol',
  postcode: 'BS8 2QT',
  email: 'grace@example.com',
  phone: '07700 900123',
  communications_preference: ['Mail'],
  cloud_storage_provider: null,
  address_returned: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const DEFAULTS: ParcelDefaults = {
  sender: SENDER,
  presets: [
    { name: 'Small', weight: 2, length: 45, width: 35, height: 16, builtin: true },
    { name: 'Medium', weight: 20, length: 61, width: 46, height: 46, builtin: true },
    { name: 'Large', weight: 30, length: 150, width: 60, height: 200, builtin: true },
    { id: 'pr1', name: 'Wine box', weight: 9, length: 40, width: 30, height: 20, builtin: false },
  ],
  carriers: [],
};

const QUOTE: QuoteAnswer = {
  quote_id: 'q1',
  expires_at: '2026-11-21T15:00:00.000Z',
  rows: [
    {
      service: 'royal-mail:tracked-48',
      carrier: 'Royal Mail',
      service_name: 'Tracked 48',
      service_description: 'Delivered in 2 to 3 working days',
      cost: 745,
      cost_text: '£7.45',
      logo: '/carriers/royal-mail.svg',
      cover_text: 'Loss cover £20, extendable to £1,000',
      available: true,
      reason: null,
    },
    {
      service: 'evri:standard',
      carrier: 'Evri',
      service_name: 'Standard',
      service_description: 'Delivered in 3 to 5 working days',
      cost: null,
      cost_text: null,
      logo: '/carriers/evri.svg',
      cover_text: 'Loss cover £20',
      available: false,
      reason: 'Over its 15 kg weight limit',
    },
  ],
};

const LEEDS = ['Flat 1', 'Flat 2', 'Flat 3'].map((flat, i) => ({
  id: `sandbox:LS11 5PS:${i + 1}`,
  line1: flat,
  line2: '17 Rue-de-Croix Terrace',
  line3: 'Holbeck',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS11 5PS',
}));

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let answers: Partial<Record<string, () => Response | Promise<Response>>>;

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
      if (url.pathname === '/api/parcels/defaults') {
        return json(200, DEFAULTS);
      }
      if (url.pathname === '/api/customers') return json(200, { rows: [CUSTOMER], count: 1, filter_options: {} });
      if (url.pathname === '/api/finances/balance')
        return json(200, { balance: 5000, held: 0, available: 5000, crediting: false });
      if (method === 'POST' && url.pathname === '/api/parcels/quotes') return json(200, QUOTE);
      if (url.pathname === '/api/parcels/draft') {
        if (method === 'GET') return json(200, { draft: null, updated_at: null });
        if (method === 'PUT') return json(200, { updated_at: '2026-11-27T09:00:00.000Z' });
        if (method === 'DELETE') return json(200, { message: 'Draft discarded' });
      }
      if (url.pathname === '/api/addresses') {
        const postcode = url.searchParams.get('postcode') ?? '';
        if (postcode.replace(/\s/g, '').toUpperCase() !== 'LS115PS') return json(200, { postcode, addresses: [] });
        return json(200, { postcode: 'LS11 5PS', addresses: LEEDS });
      }
      if (method === 'POST' && url.pathname === '/api/parcels/presets')
        return json(201, { id: 'pr2', ...body, builtin: false });
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/parcels/order']}>
        <Routes>
          <Route path="/parcels/order" element={<ParcelOrderPage />} />
          <Route path="/parcels" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const box = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(box(name), { target: { value } });
const lastCall = (method: string, path: string) =>
  [...calls].reverse().find((c) => c.method === method && c.path.startsWith(path));
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (n: number, name: string) =>
  screen.findByRole('heading', { level: 2, name: `Step ${n} of 4: ${name}` });

/** Fills the recipient from the customer picker (and the county, which customers do not have). */
async function fillRecipient() {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Fill from a customer' }), {
    target: { value: 'grace' },
  });
  fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
  await waitFor(() => expect(box(/^Name/).value).toBe('Grace Hopper'));
  type(/^County/, 'Avon');
}

/** Goes to the quote step with a Medium parcel worth £25. */
async function toQuoteStep() {
  renderAt();
  await stepHeading(1, 'Recipient details');
  await fillRecipient();
  next();
  await stepHeading(2, 'Sender details');
  await waitFor(() => expect(box(/^Name/).value).toBe('Acme Ltd'));
  next();
  await stepHeading(3, 'Quote');
  fireEvent.change(screen.getByLabelText('Preset'), { target: { value: 'builtin:Medium' } });
  type(/^Goods value/, '25');
}

describe('/parcels/order', () => {
  it('checks each step before moving on, with the spec’s messages beneath the fields', async () => {
    const { view } = renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a parcel' })).toBeTruthy();
    expect(screen.getAllByText(/^(Recipient details|Sender details|Quote|Confirmation)$/)).toHaveLength(4);
    await stepHeading(1, 'Recipient details');
    expect(await axeViolations(view.container)).toEqual([]);
    type(/^Postcode/, 'BS8');
    type(/^Phone number/, '12345');
    next();
    expect(await screen.findByText(PARCEL_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.phone)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.addressLine1)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.town)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.county)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.postcodeInvalid)).toBeTruthy();
    const name = box(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(PARCEL_MESSAGES.name);
    expect(notified()).toContain(`Recipient name - ${PARCEL_MESSAGES.name}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 4: Recipient details' })).toBeTruthy();

    type(/^Name/, 'Grace Hopper');
    type(/^Phone number/, '07700 900123');
    type(/^Address line 1/, '12 Acacia Avenue');
    type(/^Town or city/, 'Bristol');
    type(/^County/, 'Avon');
    type(/^Postcode/, 'bs8 2qt');
    next();
    // The sender starts as the company's address.
    await stepHeading(2, 'Sender details');
    await waitFor(() => expect(box(/^Postcode/).value).toBe('LS11 5PS'));
    expect(box(/^Name/).value).toBe('Acme Ltd');
    type(/^Town or city/, '');
    next();
    expect(await screen.findByText(PARCEL_MESSAGES.town)).toBeTruthy();
    type(/^Town or city/, 'Leeds');
    next();
    await stepHeading(3, 'Quote');
    expect(await axeViolations(view.container)).toEqual([]);

    // The parcel's own rules, checked before any quote is asked.
    type(/^Goods description/, 'A very long description of books');
    fireEvent.change(screen.getByLabelText(/Collection date/), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get quotes' }));
    expect(await screen.findByText(PARCEL_MESSAGES.goodsValue)).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.weight)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(3);
    expect(screen.getByText(MESSAGES.maxLength(20))).toBeTruthy();
    expect(screen.getByText(PARCEL_MESSAGES.collectionDatePast)).toBeTruthy();
    expect(lastCall('POST', '/api/parcels/quotes')).toBeUndefined();
    // Next needs a chosen service.
    next();
    expect(await screen.findByText('Please get quotes and choose a service.')).toBeTruthy();
    expect((screen.getByLabelText(/Collection date/) as HTMLInputElement).min).toBe(ukToday());
  });

  it('quotes, keeps an unavailable carrier unselectable, confirms with progress and keeps errors until it succeeds', async () => {
    await toQuoteStep();
    fireEvent.click(screen.getByRole('button', { name: 'Get quotes' }));
    const rows = await screen.findAllByTestId('quote-row');
    expect(rows.map((r) => r.getAttribute('data-available'))).toEqual(['true', 'false']);
    const body = lastCall('POST', '/api/parcels/quotes')!.body as Record<string, Record<string, unknown>>;
    expect(body.customer_uuid).toBe('c1');
    expect(body.recipient).toMatchObject({
      name: 'Grace Hopper',
      phoneNumber: '+447700900123',
      addressLine1: '12 Acacia Avenue',
      addressLine2: 'Clifton',
      town: 'Bristol',
      county: 'Avon',
      postcode: 'BS8 2QT',
    });
    expect(body.sender).toMatchObject({ name: 'Acme Ltd', postcode: 'LS11 5PS' });
    expect(body.details).toEqual({
      goods_value: 25,
      goods_description: '',
      delivery_notes: '',
      length: 61,
      width: 46,
      height: 46,
      weight: 20,
      collection_date: ukToday(),
    });
    expect(within(rows[0]!).getByText('£7.45')).toBeTruthy();
    expect(within(rows[0]!).getByText('Loss cover £20, extendable to £1,000')).toBeTruthy();
    expect(within(rows[1]!).getByText('Over its 15 kg weight limit')).toBeTruthy();
    const evri = within(rows[1]!).getByRole('radio') as HTMLInputElement;
    expect(evri.disabled).toBe(true);
    fireEvent.click(evri);
    next();
    expect(await screen.findByText('Please get quotes and choose a service.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: Quote' })).toBeTruthy();
    expect(screen.queryByText(PARCEL_MESSAGES.noCarriers)).toBeNull();
    expect(await axeViolations(document.body.firstElementChild as HTMLElement)).toEqual([]);

    fireEvent.click(within(rows[0]!).getByRole('radio'));
    next();
    await stepHeading(4, 'Confirmation');
    const summary = screen.getByTestId('confirmation');
    expect(within(summary).getByText('Royal Mail – Tracked 48')).toBeTruthy();
    expect(within(summary).getByText('£7.45')).toBeTruthy();
    expect(await within(summary).findByText('£42.55')).toBeTruthy();
    expect(within(summary).getByText('61 × 46 × 46 cm')).toBeTruthy();
    expect(within(summary).getByText('20 kg')).toBeTruthy();
    expect(within(summary).getByText('£25.00')).toBeTruthy();
    expect(await axeViolations(document.body.firstElementChild as HTMLElement)).toEqual([]);

    // A server failure: the spec's message, which stays.
    let release: (r: Response) => void = () => undefined;
    answers['POST /api/parcels'] = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(PARCEL_MESSAGES.confirming)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    release(json(500, { statusCode: 500, code: 'INTERNAL', message: 'Internal error' }));
    expect(await screen.findByText(PARCEL_MESSAGES.confirmError)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(PARCEL_MESSAGES.confirming)).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('confirm-error').textContent).toContain(PARCEL_MESSAGES.confirmError);
    expect(lastCall('POST', '/api/parcels')!.body).toEqual({ quote_id: 'q1', service: 'royal-mail:tracked-48' });

    // Short of money: the server's words.
    const short = 'Insufficient funds: this costs £7.45 and the available balance is £1.00. Top up to continue.';
    answers['POST /api/parcels'] = () => json(402, { statusCode: 402, code: 'INSUFFICIENT_FUNDS', message: short });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(short)).toBeTruthy();

    answers['POST /api/parcels'] = () => json(201, { parcel_uuid: 'p9', status: 'In Review' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('where')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/parcels?parcel=p9');
    expect(notified()).toContain("Your parcel is waiting for a supervisor's approval.");
  });

  it('says when no carrier can take the parcel, and keeps a failed quote’s message', async () => {
    answers['POST /api/parcels/quotes'] = () =>
      json(200, { ...QUOTE, rows: QUOTE.rows.map((r) => ({ ...r, available: false, reason: 'Too big', cost: null })) });
    await toQuoteStep();
    fireEvent.click(screen.getByRole('button', { name: 'Get quotes' }));
    expect(await screen.findByText(PARCEL_MESSAGES.noCarriers)).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    next();
    expect(await screen.findByText('Please get quotes and choose a service.')).toBeTruthy();

    answers['POST /api/parcels/quotes'] = () => json(502, { statusCode: 502, code: 'BAD_GATEWAY', message: 'x' });
    type(/^Goods value/, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Get quotes' }));
    expect(await screen.findByText(PARCEL_MESSAGES.confirmError)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('quote-error').textContent).toContain(PARCEL_MESSAGES.confirmError);
    expect(screen.queryByText(PARCEL_MESSAGES.noCarriers)).toBeNull();
  });

  it('saves the size as a named preset, with the spec’s messages', async () => {
    renderAt();
    await stepHeading(1, 'Recipient details');
    await fillRecipient();
    type(/^Phone number/, '07700 900123');
    next();
    await stepHeading(2, 'Sender details');
    await waitFor(() => expect(box(/^Name/).value).toBe('Acme Ltd'));
    next();
    await stepHeading(3, 'Quote');
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save as preset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PARCEL_MESSAGES.presetName)).toBeTruthy();
    expect(within(dialog).getByText(PARCEL_MESSAGES.presetDimensions)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    type(/^Weight/, '3');
    type(/^Length/, '30');
    type(/^Width/, '20');
    type(/^Height/, '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset' }));
    dialog = await screen.findByRole('dialog', { name: 'Save as preset' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Preset name/ }), { target: { value: 'Shoe box' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall('POST', '/api/parcels/presets')).toBeTruthy());
    expect(lastCall('POST', '/api/parcels/presets')!.body).toEqual({
      name: 'Shoe box',
      weight: 3,
      length: 30,
      width: 20,
      height: 10,
    });
    await waitFor(() => expect(notified()).toContain('Preset saved.'));

    // A company preset can be deleted, after "Are you sure?".
    fireEvent.change(screen.getByLabelText('Preset'), { target: { value: 'id:pr1' } });
    expect(box(/^Weight/).value).toBe('9');
    answers['DELETE /api/parcels/presets/pr1'] = () => json(200, { message: 'Deleted' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete preset' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(lastCall('DELETE', '/api/parcels/presets/pr1')).toBeTruthy());
  });

  it('finds the addresses at the typed postcode and fills the one picked; says when there are none; axe-clean', async () => {
    const { view } = renderAt();
    await stepHeading(1, 'Recipient details');
    const find = screen.getByRole('button', { name: `${ADDRESS_PICKER_TEXT.find} for the recipient` });
    fireEvent.click(find);
    expect((await screen.findByText(ADDRESS_PICKER_TEXT.needPostcode)).getAttribute('role')).toBe('status');
    type(/^Postcode/, 'ls11 5ps');
    fireEvent.click(find);
    const list = (await screen.findByRole('combobox', { name: ADDRESS_PICKER_TEXT.choose })) as HTMLSelectElement;
    expect(lastCall('GET', '/api/addresses')!.path).toBe('/api/addresses?postcode=ls11+5ps');
    expect([...list.options].map((o) => o.textContent)).toEqual([
      ADDRESS_PICKER_TEXT.placeholder(3),
      'Flat 1, 17 Rue-de-Croix Terrace, Holbeck, Leeds',
      'Flat 2, 17 Rue-de-Croix Terrace, Holbeck, Leeds',
      'Flat 3, 17 Rue-de-Croix Terrace, Holbeck, Leeds',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.change(list, { target: { value: 'sandbox:LS11 5PS:2' } });
    expect(box(/^Address line 1/).value).toBe('Flat 2');
    expect(box(/^Address line 2/).value).toBe('17 Rue-de-Croix Terrace');
    expect(box(/^Address line 3/).value).toBe('Holbeck');
    expect(box(/^Town or city/).value).toBe('Leeds');
    expect(box(/^County/).value).toBe('West Yorkshire');
    expect(box(/^Postcode/).value).toBe('LS11 5PS');
    expect(screen.getByText(ADDRESS_PICKER_TEXT.filled)).toBeTruthy();
    // The fields stay editable.
    type(/^Address line 1/, 'Flat 2A');
    expect(box(/^Address line 1/).value).toBe('Flat 2A');

    type(/^Postcode/, 'SW1A 9ZZ');
    fireEvent.click(find);
    expect(await screen.findByText(ADDRESS_PICKER_TEXT.none('SW1A 9ZZ'))).toBeTruthy();
    answers['GET /api/addresses'] = () =>
      json(503, {
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: 'Addresses cannot be looked up just now. Please type the address.',
      });
    fireEvent.click(find);
    expect(await screen.findByText('Addresses cannot be looked up just now. Please type the address.')).toBeTruthy();
    // The sender step has its own.
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('keeps what is typed as a draft, restores it after a reload, and discards it after Are you sure', async () => {
    renderAt();
    await stepHeading(1, 'Recipient details');
    type(/^Name/, 'Siobhán Ó Briain');
    type(/^Address line 1/, "Flat 2, O'Connell House");
    await waitFor(() => expect(lastCall('PUT', '/api/parcels/draft')).toBeDefined(), { timeout: 3000 });
    const saved = lastCall('PUT', '/api/parcels/draft')!.body as {
      step: number;
      recipient: Record<string, string>;
      customer_uuid: string | null;
    };
    expect(saved).toMatchObject({ step: 0, customer_uuid: null });
    expect(saved.recipient).toMatchObject({ name: 'Siobhán Ó Briain', addressLine1: "Flat 2, O'Connell House" });
    expect(await screen.findByText(/^Draft saved \d\d:\d\d$/)).toBeTruthy();
    cleanup();

    // A reload: the form comes back where it was left.
    answers['GET /api/parcels/draft'] = () =>
      json(200, {
        draft: {
          step: 1,
          recipient: {
            ...saved.recipient,
            phoneNumber: '07700 900456',
            town: 'Leeds',
            county: 'West Yorkshire',
            postcode: 'LS11 5PS',
          },
          sender: { name: 'Zoë Ní Bhriain' },
          details: { weight: '2', goods_value: '', collection_date: '2020-01-01' },
          customer_uuid: null,
        },
        updated_at: '2026-11-27T09:00:00.000Z',
      });
    renderAt();
    await stepHeading(2, 'Sender details');
    expect(notified()).toContain(ORDER_TEXT.draftRestored);
    // What the draft kept wins over the company's defaults; the fields it left empty take them.
    await waitFor(() => expect(box(/^Postcode/).value).toBe('LS11 5PS'));
    expect(box(/^Name/).value).toBe('Zoë Ní Bhriain');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(1, 'Recipient details');
    expect(box(/^Name/).value).toBe('Siobhán Ó Briain');

    fireEvent.click(screen.getByRole('button', { name: ORDER_TEXT.discard }));
    const ask = await screen.findByRole('dialog', { name: ORDER_TEXT.discardTitle });
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/parcels/draft')).toBeDefined());
    await waitFor(() => expect(box(/^Name/).value).toBe(''));
    expect(notified()).toContain(ORDER_TEXT.discarded);
    const puts = calls.filter((c) => c.method === 'PUT').length;
    await new Promise((r) => setTimeout(r, 1200));
    // Nothing typed since: no draft saved again.
    expect(calls.filter((c) => c.method === 'PUT').length).toBe(puts);
    expect(screen.queryByRole('button', { name: ORDER_TEXT.discard })).toBeNull();
  });

  it('refuses a member without create_parcel', async () => {
    renderAt(testMe({ abilities: ['see_parcels'] }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('partyFromCustomer', () => {
  it('reads the comma-separated address: the postcode last, the town before it', () => {
    expect(
      partyFromCustomer({
        ...CUSTOMER,
        address_lines: [],
        postcode: null,
        address: '1 High St, Flat 2, York, YO1 7HH',
      }),
    ).toMatchObject({
      addressLine1: '1 High St',
      addressLine2: 'Flat 2',
      addressLine3: '',
      town: 'York',
      postcode: 'YO1 7HH',
    });
  });
});
