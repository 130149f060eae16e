import { ALL_PERMISSIONS, isParcelStatus, MESSAGES, PARCEL_MESSAGES, parcelBadgeColour } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import { carrierSlug, type Parcel } from './api';
import { VOID_TEXT } from './parcel-panel';
import { ParcelsPage } from './parcels-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
// pdf.js does not run in jsdom: the viewer is a stand-in that names what it shows.
vi.mock('../letters/pdf-viewer-dialog', () => ({
  default: ({ url, title }: { url: string; title: string }) => (
    <div role="dialog" aria-label={title} data-url={url}>
      viewer
    </div>
  ),
}));

const party = (name: string, postcode: string) => ({
  name,
  phoneNumber: '+447700900123',
  email: '',
  addressLine1: '12 Acacia Avenue',
  addressLine2: '',
  addressLine3: '',
  town: 'Bristol',
  county: 'Avon',
  postcode,
});

/** A parcel as the server lists it; the carrier's slug and the status's colour follow the overrides, as the server derives them. */
function parcel(over: Partial<Parcel>): Parcel {
  const status = over.status ?? 'Confirmed';
  return {
    carrier_slug: carrierSlug(over.carrier_name ?? 'Royal Mail'),
    status_colour: isParcelStatus(status) ? parcelBadgeColour(status) : 'red',
    parcel_uuid: 'p1',
    shipment_id: 'RM123456789GB',
    status: 'Confirmed',
    sender_email: 'ada@example.com',
    sender: party('Acme Ltd', 'LS11 5PS'),
    recipient: party('Grace Hopper', 'BS8 2QT'),
    pickup_address: 'Unit 7, Leeds, LS11 5PS',
    destination_address: '12 Acacia Avenue, Bristol, BS8 2QT',
    collection_date: '2026-11-24',
    goods_value: 25,
    goods_description: 'Books',
    delivery_notes: 'Leave with neighbour',
    carrier_name: 'Royal Mail',
    service_name: 'Tracked 48',
    length: 45,
    width: 35,
    height: 16,
    weight: 2,
    cost: 745,
    cost_text: '£7.45',
    tracking_status: 'in_transit',
    tracking_label: 'In transit',
    label_ready: true,
    may_void: false,
    failure_reason: null,
    customer_uuid: null,
    created_by: 'u1',
    created_at: '2026-11-21T14:05:00.000Z',
    updated_at: '2026-11-21T14:05:00.000Z',
    ...over,
  };
}

const PARCELS: Parcel[] = [
  parcel({}),
  parcel({
    parcel_uuid: 'p2',
    shipment_id: 'DPD0001',
    status: 'Awaiting Label',
    carrier_name: 'DPD',
    service_name: 'Next Day',
    recipient: party('Zoë Brontë', 'LS1 1AA'),
    label_ready: false,
    tracking_status: null,
    tracking_label: null,
  }),
  parcel({
    parcel_uuid: 'p3',
    shipment_id: null,
    status: 'Failed to Create Shipment',
    carrier_name: 'Evri',
    service_name: 'Standard',
    recipient: party('Smith & Sons Ltd', 'M1 1AA'),
    failure_reason: 'The carrier refused the booking: over its weight limit.',
    tracking_status: null,
    tracking_label: null,
  }),
];

interface Call {
  method: string;
  path: string;
}

let calls: Call[];
let answers: Partial<Record<string, () => Response>>;

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname + url.search });
      const custom = answers[`${method} ${url.pathname}`];
      if (custom) return custom();
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/parcels') {
        const status = url.searchParams.get('filter.status');
        const rows = status ? PARCELS.filter((p) => p.status === status) : PARCELS;
        return json(200, {
          rows,
          count: rows.length,
          filter_options: {
            status: ['Confirmed', 'Awaiting Label', 'Failed to Create Shipment'],
            carrier_name: ['DPD', 'Evri', 'Royal Mail'],
          },
        });
      }
      const one = /^\/api\/parcels\/([^/]+)$/.exec(url.pathname);
      if (one && method === 'GET') {
        const found = PARCELS.find((p) => p.parcel_uuid === one[1]);
        return found ? json(200, { ...found, history: [], tracking: [] }) : json(404, { message: 'Not found.' });
      }
      if (/^\/api\/parcels\/[^/]+\/label$/.test(url.pathname)) {
        return new Response(new Blob(['%PDF-1.7 label'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function TrackStandIn() {
  const { carrierName, shipmentId } = useParams();
  return <h1>{`Tracking ${carrierName} ${shipmentId}`}</h1>;
}

function renderAt(path = '/parcels', session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/parcels" element={<ParcelsPage />} />
          <Route path="/parcels/order" element={<h1>Order page</h1>} />
          <Route path="/parcels/track/:carrierName/:shipmentId" element={<TrackStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/parcels?'));
const detailCalls = (id: string) => calls.filter((c) => c.method === 'GET' && c.path === `/api/parcels/${id}`);

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

async function openParcel(recipient: string) {
  fireEvent.click(await screen.findByRole('button', { name: recipient }));
  return screen.findByRole('dialog', { name: `Parcel to ${recipient}` });
}

describe('/parcels', () => {
  it('lists the parcels with their status colours, and searches and filters on the server', async () => {
    const { view } = renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Parcels' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Parcels' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Recipient',
      'Destination',
      'Carrier',
      'Tracking number',
      'Collection date',
      'Cost',
      'Status',
      'Created',
    ]);
    const row = (await within(table).findByRole('button', { name: 'Grace Hopper' })).closest('tr')!;
    expect(within(row).getByText('Royal Mail – Tracked 48')).toBeTruthy();
    expect(within(row).getByText('RM123456789GB')).toBeTruthy();
    expect(within(row).getByText('24.11.26')).toBeTruthy();
    expect(within(row).getByText('£7.45')).toBeTruthy();
    const badges = within(table).getAllByTestId('status-badge');
    expect(badges.map((b) => [b.textContent, b.getAttribute('data-colour')])).toEqual([
      ['Confirmed', 'green'],
      ['Awaiting Label', 'orange'],
      ['Failed to Create Shipment', 'red'],
    ]);
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
    expect(listCalls()[0]!.path).toBe('/api/parcels?page=0&limit=5');
    expect(screen.getByRole('link', { name: 'Book a parcel' }).getAttribute('href')).toBe('/parcels/order');
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'bs8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)!.path).toBe('/api/parcels?page=0&limit=5&search=bs8'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Awaiting Label' } });
    await waitFor(() =>
      expect(listCalls().at(-1)!.path).toBe('/api/parcels?page=0&limit=5&search=bs8&filter.status=Awaiting+Label'),
    );
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'DPD' } });
    await waitFor(() => expect(listCalls().at(-1)!.path).toContain('filter.carrier_name=DPD'));
  });

  it('shows each parcel as a card under 900 px', async () => {
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
    const list = await screen.findByRole('list', { name: 'Parcels' });
    expect(within(list).getAllByTestId('table-card')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens a parcel with its details, previews its label and goes to its tracking', async () => {
    const { view } = renderAt();
    const panel = await openParcel('Grace Hopper');
    expect(within(panel).getByText('Royal Mail – Tracked 48')).toBeTruthy();
    expect(within(panel).getByText('45 × 35 × 16 cm')).toBeTruthy();
    expect(within(panel).getByText('Leave with neighbour')).toBeTruthy();
    expect(within(panel).getByTestId('status-badge').getAttribute('data-colour')).toBe('green');
    expect(await axeViolations(view.baseElement)).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Label preview' }));
    const viewer = await screen.findByRole('dialog', { name: 'Label RM123456789GB' });
    expect(viewer.getAttribute('data-url')).toBe('/api/parcels/p1/label');
    expect(calls.some((c) => c.path === '/api/parcels/p1/label')).toBe(true);

    fireEvent.click(within(panel).getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('heading', { name: 'Tracking royal-mail RM123456789GB' })).toBeTruthy();
  });

  it('downloads the label as a file', async () => {
    const created = vi.fn(() => 'blob:label');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt();
    const panel = await openParcel('Grace Hopper');
    fireEvent.click(within(panel).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/api/parcels/p1/label?download=1')).toBe(true);
    expect(created).toHaveBeenCalled();
  });

  it('warns that an Awaiting Label parcel’s label is not ready (204) and refetches the parcel', async () => {
    answers['GET /api/parcels/p2/label'] = () => new Response(null, { status: 204 });
    renderAt();
    const panel = await openParcel('Zoë Brontë');
    expect(within(panel).getByTestId('status-badge').getAttribute('data-colour')).toBe('orange');
    await waitFor(() => expect(detailCalls('p2').length).toBeGreaterThan(0));
    const before = detailCalls('p2').length;
    fireEvent.click(within(panel).getByRole('button', { name: 'Label preview' }));
    expect(await within(panel).findByText(PARCEL_MESSAGES.labelNotReady)).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toContain(PARCEL_MESSAGES.labelNotReady);
    await waitFor(() => expect(detailCalls('p2').length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog', { name: /^Label/ })).toBeNull();

    answers['GET /api/parcels/p2/label'] = () => json(500, { message: 'boom' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download' }));
    expect(await within(panel).findByText(PARCEL_MESSAGES.labelFailed)).toBeTruthy();
  });

  it('shows why a parcel failed, with no label to ask for', async () => {
    renderAt();
    const panel = await openParcel('Smith & Sons Ltd');
    expect(within(panel).getByRole('alert').textContent).toContain('over its weight limit');
    expect((within(panel).getByRole('button', { name: 'Label preview' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(panel).getByRole('button', { name: 'Track' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the parcel named in ?parcel= and refetches it on a live refresh naming parcels', async () => {
    const { client } = renderAt('/parcels?parcel=p1');
    await screen.findByRole('dialog', { name: 'Parcel to Grace Hopper' });
    await waitFor(() => expect(detailCalls('p1').length).toBe(1));
    const before = calls.length;
    await invalidateEntities(client, ['parcels']);
    const again = calls.slice(before).map((c) => c.path);
    expect(again).toContain('/api/parcels?page=0&limit=5');
    expect(again).toContain('/api/parcels/p1');
  });

  it('offers the label and tracking only with see_parcels, booking only with create_parcel', async () => {
    renderAt('/parcels', testMe({ abilities: ['create_parcel'] }));
    expect(await screen.findByRole('link', { name: 'Book a parcel' })).toBeTruthy();
    const panel = await openParcel('Grace Hopper');
    expect(within(panel).queryByRole('button', { name: 'Label preview' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Track' })).toBeNull();
    cleanup();

    renderAt('/parcels', testMe({ abilities: ['see_parcels'] }));
    await screen.findByRole('table', { name: 'Parcels' });
    expect(screen.queryByRole('link', { name: 'Book a parcel' })).toBeNull();
    cleanup();

    calls = [];
    renderAt(
      '/parcels',
      testMe({ abilities: ALL_PERMISSIONS.filter((p) => !['see_parcels', 'create_parcel', 'approve'].includes(p)) }),
    );
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(listCalls()).toEqual([]);
  });

  it('cancels a booked label after "Are you sure" (Yes), shows it Cancelled, and says why when refused; axe-clean', async () => {
    let state: Parcel = parcel({
      parcel_uuid: 'p1',
      tracking_status: 'pending',
      tracking_label: 'Awaiting collection',
      may_void: true,
    });
    answers['GET /api/parcels/p1'] = () => json(200, { ...state, history: [], tracking: [] });
    answers['POST /api/parcels/p1/void'] = () => {
      state = { ...state, status: 'Cancelled', status_colour: 'red', may_void: false };
      return json(200, state);
    };
    const { view } = renderAt('/parcels?parcel=p1');
    const panel = await screen.findByRole('dialog', { name: 'Parcel to Grace Hopper' });
    const button = await within(panel).findByRole('button', { name: VOID_TEXT.button });
    fireEvent.click(button);
    const ask = await screen.findByRole('dialog', { name: VOID_TEXT.title });
    expect(ask.textContent).toContain(VOID_TEXT.message('Royal Mail', '£7.45'));
    expect(await axeViolations(view.baseElement)).toEqual([]);
    // No: nothing is asked of the server.
    fireEvent.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: VOID_TEXT.title })).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: VOID_TEXT.button }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: VOID_TEXT.title })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/parcels/p1/void')).toHaveLength(1),
    );
    expect(await within(panel).findByText(VOID_TEXT.cancelledNote)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: VOID_TEXT.button })).toBeNull();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    cleanup();

    // The carrier refuses (scanned already): its reason is shown, the parcel stays as it was.
    state = parcel({ parcel_uuid: 'p1', tracking_status: null, tracking_label: null, may_void: true });
    const reason =
      'Royal Mail scanned this parcel on 2026-11-24 (Collected by Royal Mail): its label can no longer be cancelled.';
    answers['POST /api/parcels/p1/void'] = () => json(409, { statusCode: 409, code: 'CONFLICT', message: reason });
    renderAt('/parcels?parcel=p1');
    const again = await screen.findByRole('dialog', { name: 'Parcel to Grace Hopper' });
    fireEvent.click(await within(again).findByRole('button', { name: VOID_TEXT.button }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: VOID_TEXT.title })).getByRole('button', { name: 'Yes' }),
    );
    expect((await within(again).findByTestId('void-error')).textContent).toContain(reason);
  });

  it('offers no Cancel label without create_parcel, nor once the carrier has scanned the parcel', async () => {
    renderAt('/parcels?parcel=p1', testMe({ abilities: ['see_parcels'] }));
    const panel = await screen.findByRole('dialog', { name: 'Parcel to Grace Hopper' });
    await within(panel).findByRole('button', { name: 'Track' });
    expect(within(panel).queryByRole('button', { name: VOID_TEXT.button })).toBeNull();
    cleanup();
    // The default row: in transit (may_void false).
    renderAt('/parcels?parcel=p1');
    const owner = await screen.findByRole('dialog', { name: 'Parcel to Grace Hopper' });
    await within(owner).findByRole('button', { name: 'Track' });
    expect(within(owner).queryByRole('button', { name: VOID_TEXT.button })).toBeNull();
  });
});
