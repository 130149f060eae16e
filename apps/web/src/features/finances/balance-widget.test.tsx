import { ALL_PERMISSIONS, BALANCE_REFETCH_MS, type Permission } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import type { Me } from '../../lib/session';
import { testMe } from '../../test/me';
import { BalanceWidget } from './balance-widget';
import { clearCreditingHint, markCrediting } from './crediting';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let balanceAnswers: (() => Response)[];
let paths: string[];

beforeEach(() => {
  resetCsrfToken();
  clearCreditingHint();
  paths = [];
  balanceAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      paths.push(path);
      if (path === '/api/finances/balance') {
        const next = balanceAnswers.length > 1 ? balanceAnswers.shift()! : balanceAnswers[0]!;
        return next();
      }
      if (path === '/api/finances/top-up') {
        return json(200, {
          provider: 'sandbox',
          publishable_key: null,
          min_amount: 30,
          max_amount: 1_000_000,
          bank: { account_name: 'LetterPost Ltd', sort_code: '04-00-04', account_number: '12345678', reference: 'a1' },
        });
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const balance =
  (available: number, crediting = false) =>
  () =>
    json(200, { balance: available + 500, held: 500, available, crediting });

function me(over: { abilities?: readonly Permission[]; restrict?: boolean } = {}): Me {
  const base = testMe({ abilities: over.abilities ?? ALL_PERMISSIONS });
  return { ...base, account: { ...base.account, restrictBalance: over.restrict ?? false } };
}

function renderWidget(session: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BalanceWidget me={session} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const balanceCalls = () => paths.filter((p) => p === '/api/finances/balance').length;

describe('the balance widget', () => {
  it('shows the available balance in pounds and Add Funds to a member who can top up', async () => {
    balanceAnswers = [balance(1234)];
    renderWidget(me());
    const widget = await screen.findByRole('region', { name: 'Balance' });
    await waitFor(() => expect(screen.getByTestId('widget-balance').textContent).toBe('£12.34'));
    expect(screen.getByRole('link', { name: /Available balance £12.34/ }).getAttribute('href')).toBe('/finances');
    fireEvent.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeTruthy();
    expect(widget).toBeTruthy();
  });

  it('has no Add Funds without top_up', async () => {
    balanceAnswers = [balance(1234)];
    renderWidget(me({ abilities: ['see_letters'] }));
    expect(await screen.findByTestId('widget-balance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is hidden when the balance is for finance admins only and the member cannot top up', async () => {
    balanceAnswers = [balance(1234)];
    renderWidget(me({ abilities: ['see_letters', 'see_finances'], restrict: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
    expect(balanceCalls()).toBe(0);
    cleanup();
    renderWidget(me({ abilities: ['see_letters', 'top_up'], restrict: true }));
    expect(await screen.findByRole('region', { name: 'Balance' })).toBeTruthy();
  });

  it('is hidden when the server refuses the balance (403)', async () => {
    balanceAnswers = [() => json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: 'Permission denied' })];
    renderWidget(me({ abilities: ['see_letters'] }));
    await waitFor(() => expect(balanceCalls()).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
  });

  it('refetches every 10 s only while a top-up is being credited', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    balanceAnswers = [balance(1000)];
    renderWidget(me());
    await screen.findByTestId('widget-balance');
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS * 3);
    expect(balanceCalls()).toBe(1);

    // The top-up answered "processing": the widget polls until the money arrives.
    balanceAnswers = [balance(1000, true), balance(1000, true), balance(3500)];
    act(() => markCrediting(1500));
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS);
    expect(balanceCalls()).toBe(2);
    expect(await screen.findByText('Top-up being credited')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS);
    expect(balanceCalls()).toBe(3);
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS);
    expect(balanceCalls()).toBe(4);
    await waitFor(() => expect(screen.getByTestId('widget-balance').textContent).toBe('£35.00'));
    // Credited: no more polling.
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS * 3);
    expect(balanceCalls()).toBe(4);
    expect(screen.queryByText('Top-up being credited')).toBeNull();
  });

  it('polls while the balance itself says a top-up is being credited', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    balanceAnswers = [balance(1000, true), balance(1000, true), balance(3500)];
    renderWidget(me());
    await screen.findByTestId('widget-balance');
    expect(balanceCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS - 1);
    expect(balanceCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(balanceCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS);
    expect(balanceCalls()).toBe(3);
    await vi.advanceTimersByTimeAsync(BALANCE_REFETCH_MS * 3);
    expect(balanceCalls()).toBe(3);
  });
});
