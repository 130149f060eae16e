import { ALL_PERMISSIONS, LETTER_STATUS } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { InsertsSection } from '../letterheads/inserts-section';
import type { Letter } from './api';
import type { DeliveryQuote, LetterDelivery } from './delivery-api';
import { DeliveryForm } from './delivery-form';
import { ANALYSED_LETTER } from './letter-fixture';
import { LetterPanel } from './letter-panel';

/** Issue 28 items 2-4 in the letter panel (decision 0037): services, sides, inserts, tracking. */

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
vi.mock('./pdf-viewer-dialog', () => ({ default: () => null }));

const UK_QUOTE: DeliveryQuote = {
  channels: [{ channel: 'mail', pence: 294, lines: [{ label: 'Signed For 1st class letter', pence: 294 }] }],
  total_pence: 294,
  available_pence: 1000,
  available_after_pence: 706,
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
  email_kind: 'link',
  customer: null,
  sms_parts: null,
  sms_link_prefix: 'https://app.letterpost.co.uk/cloud#',
  template_values: { recipient: 'Mme Hélène Dupré', company: 'Ó Briain & Co', letter: 'Notice' },
};

const FR_QUOTE: DeliveryQuote = {
  ...UK_QUOTE,
  channels: [{ channel: 'mail', pence: 345, lines: [{ label: 'International Standard letter, Europe', pence: 345 }] }],
  total_pence: 345,
  available_after_pence: 655,
  mail: {
    ...UK_QUOTE.mail,
    is_premium: true,
    mail_service: 'international_standard',
    country: 'FR',
    country_name: 'France',
    zone: 'europe',
    services: ['international_standard', 'international_tracked'],
  },
};

const INSERTS = {
  inserts: [
    {
      id: 'ins1',
      name: 'Terms & conditions 2026',
      pages: 2,
      sheets: 1,
      size: 20_480,
      path: '/api/inserts/ins1/file',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (body: unknown) => Response;
let calls: { method: string; url: string; body: unknown }[] = [];
let routes: Record<string, Handler> = {};

function startServer(over: Record<string, Handler> = {}) {
  calls = [];
  routes = {
    'POST /api/letters/deliver/quote': () => json(200, UK_QUOTE),
    'GET /api/inserts': () => json(200, INSERTS),
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url: url.pathname, body });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      const route = routes[`${method} ${url.pathname}`];
      return route ? route(body) : json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

const quotes = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/letters/deliver/quote');

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const letter = (over: Partial<Letter> = {}): Letter => ({
  ...ANALYSED_LETTER,
  num_pages: 2,
  has_thumbnail: false,
  ...over,
});

async function expectAxeClean(node: Element) {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

beforeEach(() => {
  resetCsrfToken();
  startServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('mail options: Royal Mail services, sides and inserts', () => {
  it('offers the UK services, one side and the company’s inserts, and prices what is chosen', async () => {
    const view = wrap(<DeliveryForm letter={letter()} mailDisabled={false} canDeliver />);
    const postage = screen.getByRole('group', { name: 'Postage' });
    await waitFor(() =>
      expect(within(postage).getByRole('radio', { name: 'Standard (2nd class)' })).toHaveProperty('checked', true),
    );
    expect(
      within(postage)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.parentElement?.textContent),
    ).toEqual([
      'Premium (1st class)',
      'Standard (2nd class)',
      'Signed For 1st class',
      'Signed For 2nd class',
      'Special Delivery Guaranteed by 1pm',
    ]);
    expect(screen.getByRole('radio', { name: 'Both sides' })).toHaveProperty('checked', true);
    const insert = await screen.findByRole('radio', { name: 'Terms & conditions 2026 (1 sheet)' });
    expect(screen.getByRole('radio', { name: 'None' })).toHaveProperty('checked', true);

    fireEvent.click(within(postage).getByRole('radio', { name: 'Signed For 1st class' }));
    fireEvent.click(screen.getByRole('radio', { name: 'One side (more sheets)' }));
    fireEvent.click(insert);
    await waitFor(() =>
      expect(quotes().at(-1)?.body).toEqual({
        uuid: 'l1',
        preference_overrides: ['mail'],
        mail_service: 'signed_for_first',
        is_double_sided: false,
        insert_id: 'ins1',
      }),
    );
    const price = screen.getByTestId('delivery-price');
    // The total of what is chosen (the quote's), as the confirmation will show it.
    expect(within(price).getAllByText('£2.94')).toHaveLength(2);
    await expectAxeClean(view.container);
  });

  it('offers only the international services for a letter abroad, and says where it goes', async () => {
    startServer({ 'POST /api/letters/deliver/quote': () => json(200, FR_QUOTE) });
    const view = wrap(
      <DeliveryForm
        letter={letter({
          recipient_address_snapshot: ['Mme Hélène Dupré', '8 Rue du Faubourg Saint-Honoré', '75008 Paris', 'France'],
          postcode: '75008',
        })}
        mailDisabled={false}
        canDeliver
      />,
    );
    expect((await screen.findByTestId('mail-abroad')).textContent).toBe(
      'Posting to France (Europe): International Standard or International Tracked.',
    );
    const postage = screen.getByRole('group', { name: 'Postage' });
    expect(within(postage).getAllByRole('radio')).toHaveLength(2);
    expect(within(postage).getByRole('radio', { name: 'International Standard' })).toHaveProperty('checked', true);
    expect(within(postage).queryByRole('radio', { name: 'Premium (1st class)' })).toBeNull();
    fireEvent.click(within(postage).getByRole('radio', { name: 'International Tracked' }));
    await waitFor(() => expect(quotes().at(-1)?.body).toMatchObject({ mail_service: 'international_tracked' }));
    await expectAxeClean(view.container);
  });
});

describe('the delivery details of a tracked letter', () => {
  const SIGNED = letter({
    uuid: 't1',
    name: 'notice-to-quit.pdf',
    status: LETTER_STATUS.posted,
    display_status: 'Sent',
    has_been_posted: true,
  });
  const DELIVERY: LetterDelivery = {
    delivery_channels: ['mail'],
    successful_delivery_channels: ['mail'],
    unsuccessful_delivery_channels: [],
    delivered_on: '2026-11-24T11:02:00.000Z',
    has_been_posted: true,
    delivery: {
      id: 'd1',
      state: 'done',
      scheduled_for: null,
      total_pence: 294,
      created_at: '2026-11-23T09:00:00.000Z',
      requested_by: { name: 'Ada Lovelace', email: 'ada@example.com' },
      options: {
        mail: {
          is_premium: true,
          is_colour: false,
          posted_at: '2026-11-23T17:00:00.000Z',
          expected_delivery: '2026-11-24',
          mail_service: 'signed_for_first',
          is_double_sided: false,
          country: null,
          zone: null,
          insert: { id: 'ins1', name: 'Terms & conditions 2026', sheets: 2 },
        },
        email: null,
        sms: null,
      },
      channels: [
        {
          channel: 'mail',
          state: 'succeeded',
          price_pence: 294,
          reason: null,
          provider_status: 'delivered',
          recipient: "Ms Siobhán O'Brien, 14 Harbour View, Penarth, CF64 1TN",
          tracking: {
            number: 'KF473124829GB',
            events: [
              {
                at: '2026-11-23T18:10:00.000Z',
                status: 'handed_over',
                description: 'Item received by Royal Mail',
                location: 'Bristol Mail Centre',
              },
              {
                at: '2026-11-24T11:02:00.000Z',
                status: 'delivered',
                description: 'Item delivered',
                location: null,
              },
            ],
            signed_by: "S. O'Brien",
            signed_at: '2026-11-24T11:02:00.000Z',
            signature_path: '/api/letters/t1/signature',
            proof_of_delivery_path: '/api/letters/t1/proof-of-delivery',
          },
          cloud_link: null,
        },
      ],
    },
  };

  it('shows the tracking number, the events, who signed with the signature, and the proof of delivery', async () => {
    startServer({
      'GET /api/letters/t1': () => json(200, SIGNED),
      'GET /api/letters/t1/delivery': () => json(200, DELIVERY),
      'GET /api/letters/t1/history': () => json(200, { rows: [] }),
    });
    const view = wrap(<LetterPanel letterId="t1" row={SIGNED} abilities={ALL_PERMISSIONS} onClose={() => {}} />);
    const tracking = await screen.findByTestId('mail-tracking');
    const channel = screen.getByTestId('delivery-channel');
    expect(within(channel).getByText('Delivered')).toBeTruthy();
    expect(within(channel).getByTestId('mail-options').textContent).toBe(
      'Signed For 1st class, black and white, one side, with Terms & conditions 2026',
    );
    expect(within(tracking).getByText('KF473124829GB')).toBeTruthy();
    expect(
      within(tracking)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `${formatDisplayDate('2026-11-23T18:10:00.000Z')} · Item received by Royal Mail, Bristol Mail Centre`,
      `${formatDisplayDate('2026-11-24T11:02:00.000Z')} · Item delivered`,
    ]);
    expect(within(tracking).getByTestId('mail-signed').textContent).toBe(
      `Signed for by S. O'Brien on ${formatDisplayDate('2026-11-24T11:02:00.000Z')}`,
    );
    expect(within(tracking).getByRole('img', { name: "Signature of S. O'Brien" }).getAttribute('src')).toBe(
      '/api/letters/t1/signature',
    );
    expect(within(tracking).getByRole('link', { name: 'Proof of delivery (PDF)' }).getAttribute('href')).toBe(
      '/api/letters/t1/proof-of-delivery',
    );
    const result = await axe.run(view.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('inserts on the Letterheads page', () => {
  it('lists the inserts with their sheets, and offers Upload and Delete to those who manage letterheads', async () => {
    const view = wrap(<InsertsSection canManage />);
    const item = await screen.findByTestId('insert');
    expect(item.textContent).toContain('Terms & conditions 2026');
    expect(item.textContent).toContain('2 pages, 1 sheet on both sides');
    expect(within(item).getByRole('link', { name: 'Terms & conditions 2026' }).getAttribute('href')).toBe(
      '/api/inserts/ins1/file',
    );
    expect(within(item).getByRole('button', { name: 'Delete Terms & conditions 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload an insert' })).toBeTruthy();
    await expectAxeClean(view.container);
  });

  it('shows a sender the inserts without Upload or Delete', async () => {
    wrap(<InsertsSection canManage={false} />);
    await screen.findByTestId('insert');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload an insert' })).toBeNull();
  });
});
