import { ALL_PERMISSIONS } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { LettersPage } from '../letters/letters-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

function json(status: number, body?: unknown) {
  return new Response(JSON.stringify(body ?? {}), { status, headers: { 'content-type': 'application/json' } });
}

/** What GET /api/me/list-preferences answers (null: the call fails). */
let preferences: ApiResponse<'/api/me/list-preferences'> | null;
let listedTabs: string[];

beforeEach(() => {
  resetCsrfToken();
  listedTabs = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/me/list-preferences')
        return preferences ? json(200, preferences) : json(500, { code: 'INTERNAL', message: 'An error occured' });
      if (url.pathname === '/api/letters') {
        listedTabs.push(url.searchParams.get('tab') ?? '');
        return json(200, {
          rows: [],
          count: 0,
          counts: { all: 0, new: 0, scheduled: 0, sent: 0, failed: 0, trash: 0 },
          filter_options: { status: [], creator: [] },
        } satisfies ApiResponse<'/api/letters'>);
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLetters() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, testMe({ abilities: ALL_PERMISSIONS }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/letters']}>
        <Routes>
          <Route path="/letters" element={<LettersPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tabNames = async () => {
  const list = await screen.findByRole('tablist', { name: 'Letters tabs' });
  return within(list)
    .getAllByRole('tab')
    .map((t) => t.textContent?.replace(/\d+$/, '').trim());
};

describe("the letters list follows the user's list preferences", () => {
  it('shows only the tabs the user chose (All and Trash always)', async () => {
    preferences = { showUploaded: true, showScheduled: true, showSent: false, showFailed: false };
    renderLetters();
    expect(await tabNames()).toEqual(['All', 'New', 'Scheduled', 'Trash']);
    expect(listedTabs[0]).toBe('all');
  });

  it('hides New when uploaded letters are not wanted, and Scheduled likewise', async () => {
    preferences = { showUploaded: false, showScheduled: false, showSent: true, showFailed: true };
    renderLetters();
    expect(await tabNames()).toEqual(['All', 'Sent', 'Failed', 'Trash']);
  });

  it('shows every tab by default and when the preferences cannot be read', async () => {
    preferences = null;
    renderLetters();
    expect(await tabNames()).toEqual(['All', 'New', 'Scheduled', 'Sent', 'Failed', 'Trash']);
  });
});
