import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, type Me, meQueryKey, startSession } from '../../lib/session';
import { testMe } from '../../test/me';
import { firstSteps } from './first-run-welcome';
import { HomePage } from './home-page';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

function firstTimer(over: Parameters<typeof testMe>[0] = {}): Me {
  const me = testMe(over);
  return { ...me, user: { ...me.user, name: 'Zoë O’Connell', firstName: 'Zoë', firstTime: true } };
}

function renderHome(me: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, me);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/main']}>
        <main>
          <Routes>
            <Route path="/main" element={<HomePage />} />
            <Route path="/guide" element={<h1>Guide</h1>} />
          </Routes>
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const welcomeName = 'Welcome to LetterPost, Zoë!';

describe('the first-run welcome', () => {
  it('greets a first-time owner, points to the guide and the first steps, and passes axe', async () => {
    renderHome(firstTimer());
    const welcome = screen.getByRole('region', { name: welcomeName });
    expect(within(welcome).getByRole('link', { name: 'guide' }).getAttribute('href')).toBe('/guide');
    const steps = within(welcome)
      .getAllByRole('link')
      .filter((a) => a.textContent !== 'guide')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(steps).toEqual([
      ['Upload a letter', '/letters?upload=1'],
      ['Top up your balance', '/finances?topUp=1'],
      ['Invite colleagues', '/users'],
    ]);
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows only the steps the user may take', () => {
    expect(firstSteps(firstTimer({ abilities: ['see_letters', 'create_letter'] })).map((s) => s.label)).toEqual([
      'Upload a letter',
    ]);
    renderHome(firstTimer({ abilities: ['see_letters'] }));
    const welcome = screen.getByRole('region', { name: welcomeName });
    expect(
      within(welcome)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['guide']);
  });

  it('is dismissed with the keyboard-reachable close button and does not come back', async () => {
    const { client, view } = renderHome(firstTimer());
    const close = screen.getByRole('button', { name: 'Dismiss the welcome' });
    close.focus();
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('region', { name: welcomeName })).toBeNull());
    expect(client.getQueryData<Me>(meQueryKey)?.user.firstTime).toBe(false);
    // A later visit to the dashboard in the same session: still gone.
    view.unmount();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/main']}>
          <HomePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: welcomeName })).toBeNull();
  });

  it('outlives a fresh read of the session (which says false) until dismissed, and ends with the session', async () => {
    const first = firstTimer();
    const { client } = renderHome({ ...first, user: { ...first.user, firstTime: false } });
    expect(screen.queryByRole('region', { name: welcomeName })).toBeNull();
    // The first sign-in's answer is stored, then /api/me is read again and answers false.
    startSession(client, first);
    client.setQueryData(meQueryKey, { ...first, user: { ...first.user, firstTime: false } });
    expect(await screen.findByRole('region', { name: welcomeName })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the welcome' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: welcomeName })).toBeNull());
    expect(sessionStorage.length).toBe(0);
    startSession(client, first);
    endSession(client);
    expect(sessionStorage.length).toBe(0);
  });

  it('is not shown to someone who has signed in before', () => {
    renderHome(testMe());
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByText(/Welcome to LetterPost/)).toBeNull();
  });
});
