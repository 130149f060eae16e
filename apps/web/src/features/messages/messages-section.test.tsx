import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../integrations/test-server';
import { MessagesSection, type PastMessage } from './messages-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function message(over: Partial<PastMessage>): PastMessage {
  return {
    id: 'd1:email',
    channel: 'Email',
    recipient: 'siobhan@example.co.uk',
    state: 'succeeded',
    status: 'Delivered',
    provider_status: 'sent',
    reason: null,
    price_pence: 25,
    sent_at: '2026-03-02T10:00:00.000Z',
    letter_uuid: 'l1',
    letter_name: 'Invoice March',
    parcel_uuid: null,
    ...over,
  };
}

const ALL = [
  message({
    id: 'parcel:p1',
    channel: 'Parcel',
    recipient: "Siobhán O'Neill, BS8 2QT",
    status: 'In transit',
    letter_uuid: null,
    letter_name: null,
    parcel_uuid: 'p1',
    price_pence: 500,
  }),
  message({
    id: 'd2:sms',
    channel: 'SMS',
    recipient: '+447700900123',
    status: 'Failed',
    reason: 'The number does not take texts.',
  }),
  message({ id: 'd1:email' }),
];

let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url.pathname + url.search);
      const channel = url.searchParams.get('channel');
      const rows = channel ? ALL.filter((m) => m.channel === channel) : ALL;
      const cursor = url.searchParams.get('cursor');
      // Pages of two: the cursor is the last id given.
      const start = cursor ? rows.findIndex((m) => m.id === cursor) + 1 : 0;
      const page = rows.slice(start, start + 2);
      return json(200, { rows: page, next_cursor: start + 2 < rows.length ? page.at(-1)!.id : null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(owner: 'customers' | 'letters') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessagesSection owner={owner} id="c1" canSeeLetters />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Messages section (issue 27 item 24)', () => {
  it('lists the customer’s messages newest first, pages on, and filters by channel', async () => {
    const view = renderSection('customers');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(2));
    expect(urls[0]).toBe('/api/customers/c1/messages?limit=10');
    const rows = screen.getAllByTestId('message-row');
    expect(rows[0]!.textContent).toContain("Parcel to Siobhán O'Neill, BS8 2QT");
    expect(rows[0]!.textContent).toContain('In transit');
    expect(rows[1]!.textContent).toContain('The number does not take texts.');
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(3));
    expect(screen.getAllByRole('link', { name: 'Invoice March' })[0]!.getAttribute('href')).toBe('/letters?letter=l1');
    fireEvent.click(screen.getByRole('button', { name: 'SMS' }));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(urls.at(-1)).toBe('/api/customers/c1/messages?limit=10&channel=SMS');
    expect(screen.getByRole('button', { name: 'SMS' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no Parcel filter on a letter, and says when nothing was sent', async () => {
    renderSection('letters');
    await waitFor(() => expect(screen.getAllByTestId('message-row').length).toBeGreaterThan(0));
    expect(urls[0]).toBe('/api/letters/c1/messages?limit=10');
    expect(screen.queryByRole('button', { name: 'Parcel' })).toBeNull();
    ALL.splice(0, ALL.length);
    fireEvent.click(screen.getByRole('button', { name: 'Letter' }));
    expect(await screen.findByText('No letters sent yet.')).toBeTruthy();
  });
});
