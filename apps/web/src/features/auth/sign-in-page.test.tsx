import { MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { SignInPage } from './sign-in-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: string[];

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      if (key === 'GET /api/csrf') return json(200, { token: 't' });
      if (key === 'POST /api/session') {
        return json(404, { statusCode: 404, code: 'NOT_REGISTERED', message: MESSAGES.notRegistered });
      }
      if (key === 'DELETE /api/session') return json(204);
      return json(500, { statusCode: 500, code: 'INTERNAL', message: 'x' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSignIn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, null);
  // A stale answer from before must not survive the not-registered flow.
  client.setQueryData(['letters'], { rows: [testMe()] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/signIn']}>
        <Routes>
          <Route path="/signIn" element={<SignInPage />} />
          <Route path="/signUp" element={<h1>Create your company</h1>} />
          <Route path="/main" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

async function signIn(email: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the not-registered flow (part 1 section 4)', () => {
  it('on a 404 from the lookup: explains, signs out cleanly and offers to register', async () => {
    const client = renderSignIn();
    await signIn("zoe.o'connell@example.co.uk");
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.notRegisteredTitle }, { timeout: 5000 });
    expect(within(dialog).getByText(MESSAGES.notRegistered)).toBeTruthy();
    expect(within(dialog).getByText("zoe.o'connell@example.co.uk")).toBeTruthy();
    expect(within(dialog).getByText(/ask its owner/)).toBeTruthy();
    await waitFor(() => expect(calls).toContain('DELETE /api/session'));
    expect(client.getQueryData(meQueryKey)).toBeNull();
    expect(client.getQueryData(['letters'])).toBeUndefined();
    // Not the generic failure: no "Permission denied" banner, and the user stays on the sign-in page.
    expect(screen.queryByText(MESSAGES.permissionDenied)).toBeNull();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('link', { name: 'Register your company' }));
    expect(await screen.findByRole('heading', { name: 'Create your company' })).toBeTruthy();
  }, 30_000);

  it('closes with Close and leaves the form to try another email', async () => {
    renderSignIn();
    await signIn('ana.nunez@example.com');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.notRegisteredTitle }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  }, 30_000);
});
