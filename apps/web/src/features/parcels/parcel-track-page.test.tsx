import { MESSAGES, PARCEL_MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import type { TrackingAnswer } from './api';
import { ParcelTrackPage } from './parcel-track-page';

const TRACKING: TrackingAnswer = {
  parcel_uuid: 'p1',
  carrier_name: 'Royal Mail',
  carrier_slug: 'royal-mail',
  shipment_id: 'RM123456789GB',
  status: 'Confirmed',
  recipient: 'Grace Hopper',
  destination_address: '12 Acacia Avenue, Clifton, Bristol, BS8 2QT',
  tracking_status: 'in_transit',
  tracking_label: 'In transit',
  points: [
    { time: '2026-11-25T09:30:00.000Z', carrier_message: 'At the Bristol mail centre', status: 'in_transit' },
    { time: '2026-11-24T14:05:00.000Z', carrier_message: 'Collected from the sender', status: 'picked_up' },
  ],
};

let calls: string[];
let answer: () => Response;

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  answer = () => json(200, TRACKING);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      if (url.pathname === '/api/parcels/track/royal-mail/RM123456789GB') return answer();
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path = '/parcels/track/royal-mail/RM123456789GB', session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/parcels/track/:carrierName/:shipmentId" element={<ParcelTrackPage />} />
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

describe('/parcels/track/:carrierName/:shipmentId', () => {
  it('shows the carrier, the tracking number, the current status and the events newest first', async () => {
    const { view } = renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Track parcel' })).toBeTruthy();
    expect(await screen.findByText('Royal Mail')).toBeTruthy();
    expect(screen.getByText('RM123456789GB')).toBeTruthy();
    expect(screen.getByTestId('tracking-status').textContent).toBe('In transit');
    const events = within(screen.getByRole('list', { name: 'Tracking events' })).getAllByTestId('tracking-point');
    expect(events).toHaveLength(2);
    expect(events[0]!.textContent).toContain(formatDisplayDate('2026-11-25T09:30:00.000Z'));
    expect(events[0]!.textContent).toMatch(/^\d\d\.\d\d\.\d\d \| \d\d:\d\d (AM|PM)/);
    expect(events[0]!.textContent).toContain('At the Bristol mail centre');
    expect(events[1]!.textContent).toContain('Collected');
    expect(events[1]!.textContent).toContain('Collected from the sender');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('updates on a live refresh naming parcels', async () => {
    const { client } = renderAt();
    await screen.findByText('At the Bristol mail centre');
    answer = () =>
      json(200, {
        ...TRACKING,
        tracking_status: 'delivered',
        tracking_label: 'Delivered',
        points: [
          { time: '2026-11-26T11:00:00.000Z', carrier_message: 'Delivered to the front door', status: 'delivered' },
          ...TRACKING.points,
        ],
      });
    await invalidateEntities(client, ['parcels']);
    expect(await screen.findByText('Delivered to the front door')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tracking-status').textContent).toBe('Delivered'));
    expect(screen.getAllByTestId('tracking-point')).toHaveLength(3);
  });

  it('says so when the tracking cannot be retrieved', async () => {
    answer = () => json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    renderAt();
    expect(await screen.findByText(PARCEL_MESSAGES.trackingFailed)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(PARCEL_MESSAGES.trackingFailed);
  });

  it('refuses a member without see_parcels', async () => {
    renderAt(undefined, testMe({ abilities: ['create_parcel'] }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
