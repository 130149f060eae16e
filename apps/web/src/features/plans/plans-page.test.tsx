import { PLAN_MESSAGES, PLANS, planPerks, SUSPENSION_REASON_FUNDS } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { type CurrentPlan, type PlanChangeAnswer, type PlanOffer, planKeys } from './api';
import { PlansPage } from './plans-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const OFFERS: PlanOffer[] = PLANS.map((p) => ({ name: p.name, price: p.price, perks: planPerks(p) }));

let calls: { method: string; path: string; body: unknown }[];
let putAnswer: (plan: string) => Response;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  putAnswer = (plan) =>
    json(200, {
      plan,
      message: PLAN_MESSAGES.changedAndCharged(plan, '£79.00'),
      changed: true,
    } satisfies PlanChangeAnswer);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && path === '/api/plans') return json(200, OFFERS);
      if (method === 'GET' && path === '/api/plans/current') {
        return json(200, {
          plan: 'Business',
          price: 2900,
          period_start: '2026-11-01T00:00:00.000Z',
          renews_at: '2026-12-01T00:00:00.000Z',
          health: { status: 'active', reason: null },
          owed: 0,
        } satisfies CurrentPlan);
      }
      if (method === 'PUT' && path === '/api/plans') return putAnswer(body.plan);
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPlans(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/plans']}>
        <PlansPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate, view };
}

const card = (name: string) => screen.getByRole('article', { name });
const selectButton = (name: string) =>
  within(card(name)).getByRole('button', { name: 'Select Plan' }) as HTMLButtonElement;

describe('/plans', () => {
  it('shows each plan with its price and perks, the current plan marked and not selectable', async () => {
    const { view } = renderPlans();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Basic' });
    expect(within(card('Basic')).getByTestId('plan-price').textContent).toBe('Free');
    expect(within(card('Business')).getByTestId('plan-price').textContent).toBe('£29.00 / month');
    expect(within(card('Pro')).getByTestId('plan-price').textContent).toBe('£79.00 / month');
    expect(within(card('Enterprise')).getByTestId('plan-price').textContent).toBe('Call');
    expect(within(card('Business')).getByText('Current plan')).toBeTruthy();
    expect(within(card('Pro')).queryByText('Current plan')).toBeNull();
    expect(await within(card('Business')).findByText('Renews on 1 December 2026')).toBeTruthy();
    const perks = within(card('Basic'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(perks).toContain('Included: Letters by post, email, text message and cloud link');
    expect(perks).toContain('Not included: Departments and spending reports');

    expect(selectButton('Business').disabled).toBe(true);
    expect(selectButton('Basic').disabled).toBe(false);
    expect(selectButton('Pro').disabled).toBe(false);
    expect(selectButton('Enterprise').disabled).toBe(false);

    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('asks first, naming the monthly fee, then changes the plan and refetches the session and finances', async () => {
    const { invalidate } = renderPlans();
    await screen.findByRole('article', { name: 'Pro' });
    fireEvent.click(selectButton('Pro'));
    const confirm = await screen.findByRole('dialog', { name: 'Select the Pro plan?' });
    expect(confirm.textContent).toContain('£79.00 a month, taken from your balance');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(notified()).toContainEqual([PLAN_MESSAGES.changedAndCharged('Pro', '£79.00'), 'success']),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ plan: 'Pro' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: meQueryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['finances'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: planKeys.all });
  });

  it("shows Enterprise's answer as information and changes nothing", async () => {
    putAnswer = () => json(200, { plan: 'Business', message: PLAN_MESSAGES.enterprise, changed: false });
    const { invalidate } = renderPlans();
    await screen.findByRole('article', { name: 'Enterprise' });
    fireEvent.click(selectButton('Enterprise'));
    const confirm = await screen.findByRole('dialog', { name: 'Select the Enterprise plan?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toContainEqual([PLAN_MESSAGES.enterprise, 'info']));
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: meQueryKey });
  });

  it.each([
    [402, 'INSUFFICIENT_FUNDS', PLAN_MESSAGES.insufficientFunds('Pro', '£79.00', '£10.00')],
    [400, 'BAD_REQUEST', PLAN_MESSAGES.alreadyOnPlan('Pro')],
    [404, 'NOT_FOUND', PLAN_MESSAGES.unknownPlan('Pro')],
    [426, 'UPGRADE_REQUIRED', 'Please upgrade your plan in order to use this feature!'],
  ])("shows the server's text of a %i as an error", async (status, code, message) => {
    putAnswer = () => json(status, { statusCode: status, code, message });
    renderPlans();
    await screen.findByRole('article', { name: 'Pro' });
    fireEvent.click(selectButton('Pro'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toContainEqual([message, 'error']));
  });

  it('disables every plan but Basic while suspended for an unpaid fee', async () => {
    const base = testMe({ plan: 'Pro' });
    renderPlans({
      ...base,
      account: { ...base.account, health: { status: 'suspended', reason: SUSPENSION_REASON_FUNDS } },
    });
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.getByText(PLAN_MESSAGES.suspendedOnlyBasic)).toBeTruthy();
    expect(selectButton('Basic').disabled).toBe(false);
    expect(selectButton('Business').disabled).toBe(true);
    expect(selectButton('Pro').disabled).toBe(true);
    expect(selectButton('Enterprise').disabled).toBe(true);
  });

  it('lets only members with manage_account select, and tells the others why', async () => {
    renderPlans(testMe({ roles: ['Contributor'], abilities: ['see_letters'] }));
    await screen.findByRole('article', { name: 'Basic' });
    for (const name of ['Basic', 'Business', 'Pro', 'Enterprise']) expect(selectButton(name).disabled).toBe(true);
    expect(screen.getByText(/ask the account owner or an authorised member/)).toBeTruthy();
  });
});
