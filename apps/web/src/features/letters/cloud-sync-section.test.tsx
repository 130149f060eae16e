import { ALL_PERMISSIONS, LETTER_STATUS, type LetterCloudSync } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import type { Letter } from './api';
import { CloudSyncedMark } from './cloud-sync-section';
import { ANALYSED_LETTER } from './letter-fixture';
import { LetterPanel } from './letter-panel';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const SYNCED_AT = '2026-11-25T09:12:00.000Z';

function letter(over: Partial<Letter> = {}): Letter {
  return {
    ...ANALYSED_LETTER,
    uuid: 'c1',
    name: 'Facture – Zoë O’Connor.pdf',
    status: LETTER_STATUS.delivered,
    display_status: 'Delivered',
    recipient_name_snapshot: 'Zoë O’Connor',
    recipient_address_snapshot: ['Zoë O’Connor', '3 Heol y Castell', 'Caerdydd', 'CF10 1BH'],
    postcode: 'CF10 1BH',
    processed: true,
    creator_email: 'siân@example.com',
    creator_name: 'Siân Llewellyn',
    has_thumbnail: false,
    cloud_synced: true,
    ...over,
  };
}

const SYNCS: LetterCloudSync[] = [
  {
    provider: 'dropbox',
    status: 'pending',
    synced_at: null,
    reason: 'Dropbox answered 503: service unavailable',
    remote_path: null,
  },
  {
    provider: 'google_drive',
    status: 'synced',
    synced_at: SYNCED_AT,
    reason: null,
    remote_path: 'LetterPost letters/Facture – Zoë O’Connor (c1c1c1c1).pdf',
  },
  {
    provider: 'onedrive',
    status: 'failed',
    synced_at: null,
    reason: 'OneDrive no longer accepts our access. Reconnect it to carry on.',
    remote_path: null,
  },
  { provider: 'sage_drive', status: 'pending', synced_at: null, reason: null, remote_path: null },
];

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function serve(detail: Letter) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (url.pathname === `/api/letters/${detail.uuid}`) return json(200, detail);
      if (url.pathname.endsWith('/history')) return json(200, { rows: [] });
      if (url.pathname.endsWith('/delivery'))
        return json(200, { delivery: null, delivery_channels: [], delivered_on: null });
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

function renderPanel(row: Letter, detail: Letter) {
  serve(detail);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LetterPanel letterId={row.uuid} row={row} abilities={ALL_PERMISSIONS} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetCsrfToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the letter panel’s Cloud sync section', () => {
  it('lists each drive with where its copy stands, and has no serious accessibility violations', async () => {
    // The list's row has no cloud_syncs: the section appears once the letter's own answer arrives.
    const view = renderPanel(letter(), letter({ cloud_syncs: SYNCS }));
    const section = await screen.findByRole('region', { name: 'Cloud sync' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Waiting to sync to DropboxRetrying: Dropbox answered 503: service unavailable',
      `Synced to Google Drive${formatDisplayDate(SYNCED_AT)} · LetterPost letters/Facture – Zoë O’Connor (c1c1c1c1).pdf`,
      'Failed to sync to OneDriveOneDrive no longer accepts our access. Reconnect it to carry on.',
      // A drive the catalogue does not know is named by its id rather than hidden.
      'Waiting to sync to sage_drive',
    ]);
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['pending', 'synced', 'failed', 'pending']);
    const result = await axe.run(view.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('is left out when no drive has the letter', async () => {
    renderPanel(letter({ cloud_synced: false, creator_name: null }), letter({ cloud_synced: false, cloud_syncs: [] }));
    await screen.findByRole('dialog', { name: 'Facture – Zoë O’Connor.pdf' });
    // The fresh record (only it names the creator) is on screen, so its empty list was read.
    await screen.findByText('Siân Llewellyn');
    expect(screen.queryByRole('region', { name: 'Cloud sync' })).toBeNull();
    expect(screen.queryByTestId('cloud-sync')).toBeNull();
  });

  it('the list row’s mark is an image named for people using a screen reader', () => {
    render(<CloudSyncedMark />);
    expect(screen.getByRole('img', { name: 'Synced to a cloud drive' })).toBeTruthy();
  });
});
