import { WEBHOOKS_TEXT as TEXT, WEBHOOK_EVENT_TYPES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { WebhookAttempt, WebhookEndpoint } from './webhooks-api';
import { WebhooksSection } from './webhooks-section';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ERP: WebhookEndpoint = {
  id: 'we1',
  url: 'https://erp.example.com/hooks',
  events: ['letter.analysed', 'letter.status_changed'],
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-20T09:00:00.000Z',
};
const OFF: WebhookEndpoint = {
  ...ERP,
  id: 'we2',
  url: 'https://old.example.com/hooks',
  events: ['balance.low'],
  enabled: false,
  disabled_at: '2026-11-23T09:00:00.000Z',
  disabled_reason: 'Every delivery failed for 3 days; switched off.',
};
const ATTEMPTS: WebhookAttempt[] = [
  {
    id: '12',
    delivery_id: 'whd1',
    event_id: 'evt_1',
    event_type: 'letter.analysed',
    attempt: 2,
    manual: false,
    attempted_at: '2026-11-21T10:00:05.000Z',
    status_code: 200,
    error: null,
    duration_ms: 84,
    delivery_status: 'delivered',
    next_attempt_at: null,
  },
  {
    id: '11',
    delivery_id: 'whd1',
    event_id: 'evt_1',
    event_type: 'letter.analysed',
    attempt: 1,
    manual: false,
    attempted_at: '2026-11-21T10:00:00.000Z',
    status_code: null,
    error: 'The connection was refused.',
    duration_ms: 3,
    delivery_status: 'delivered',
    next_attempt_at: null,
  },
];

let endpoints: WebhookEndpoint[];
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  endpoints = [ERP, OFF];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const path = url.pathname;
      if (method === 'GET' && path === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && path === '/api/webhooks')
        return json(200, { endpoints } satisfies ApiResponse<'/api/webhooks'>);
      if (method === 'POST' && path === '/api/webhooks') {
        if (!body.url.startsWith('https://'))
          return json(422, {
            statusCode: 422,
            code: 'VALIDATION_FAILED',
            message: 'The URL must start with https://.',
            fields: [{ path: 'url', message: 'The URL must start with https://.' }],
          });
        const endpoint: WebhookEndpoint = { ...ERP, id: 'we3', url: body.url, events: body.events };
        endpoints = [endpoint, ...endpoints];
        return json(201, { endpoint, secret: SECRET } satisfies ApiResponse<'/api/webhooks', 'post'>);
      }
      if (method === 'DELETE' && path.startsWith('/api/webhooks/')) {
        endpoints = endpoints.filter((e) => e.id !== path.split('/').pop());
        return new Response(null, { status: 204 });
      }
      if (method === 'GET' && path === '/api/webhooks/we1/attempts')
        return json(200, {
          attempts: ATTEMPTS,
          next_before: null,
        } satisfies ApiResponse<'/api/webhooks/{id}/attempts'>);
      if (method === 'POST' && path === '/api/webhooks/we1/deliveries/whd1/resend')
        return json(202, { message: 'The event will be sent again in a moment.' });
      if (method === 'POST' && path === '/api/webhooks/we2/enable') {
        endpoints = endpoints.map((e) => (e.id === 'we2' ? { ...e, enabled: true, disabled_reason: null } : e));
        return json(200, { message: 'The endpoint is switched on again.' });
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => {}) },
    configurable: true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <WebhooksSection />
    </QueryClientProvider>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const axeViolations = async (node: Element) =>
  (await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
  );

describe('Developers: webhooks', () => {
  it('lists the endpoints with their events and status, never a secret, and passes axe', async () => {
    const view = renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    await within(table).findByText(ERP.url);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cells(first!).slice(0, 3)).toEqual([ERP.url, 'letter.analysed, letter.status_changed', TEXT.statusEnabled]);
    expect(cells(second!)[2]).toBe(`${TEXT.statusDisabled}${OFF.disabled_reason}`);
    expect(table.textContent).not.toContain('whsec_');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('is not shown without manage_company', () => {
    renderSection(testMe({ roles: [], abilities: ['see_letters'] }));
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/webhooks')).toEqual([]);
  });

  it('adds an endpoint for the events ticked and shows its secret once, with Copy', async () => {
    renderSection();
    await screen.findByRole('table', { name: TEXT.tableLabel });
    fireEvent.click(screen.getByRole('button', { name: TEXT.add }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.addTitle });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    expect(await axeViolations(dialog)).toEqual([]);
    // The server's refusal shows on the field.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), {
      target: { value: 'http://erp.example.com/new' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^parcel\.status_changed/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.addSubmit }));
    expect(await within(dialog).findByText('The URL must start with https://.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), {
      target: { value: ' https://erp.example.com/new ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^balance\.low/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: TEXT.addSubmit }));

    const shown = await screen.findByRole('dialog', { name: TEXT.secretTitle });
    expect((within(shown).getByRole('textbox', { name: TEXT.secretLabel }) as HTMLInputElement).value).toBe(SECRET);
    expect(await axeViolations(shown)).toEqual([]);
    fireEvent.click(within(shown).getByRole('button', { name: TEXT.copy }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET));
    expect(notified()).toContainEqual([TEXT.copied, 'success']);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { url: 'http://erp.example.com/new', events: ['parcel.status_changed'] },
      { url: 'https://erp.example.com/new', events: ['parcel.status_changed', 'balance.low'] },
    ]);
    fireEvent.click(within(shown).getByRole('button', { name: TEXT.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: TEXT.tableLabel });
    expect(await within(table).findByText('https://erp.example.com/new')).toBeTruthy();
    expect(table.textContent).not.toContain(SECRET);
  });

  it('deletes an endpoint after "Are you sure?", from the keyboard', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    const remove = await within(table).findByRole('button', { name: `${TEXT.delete} ${ERP.url}` });
    remove.focus();
    expect(document.activeElement).toBe(remove);
    fireEvent.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(TEXT.deleteConfirm(ERP.url))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.deleted, 'success']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/webhooks/we1']);
    await waitFor(() => expect(within(table).queryByText(ERP.url)).toBeNull());
  });

  it('shows the attempts with their response, and resends an event', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    fireEvent.click(await within(table).findByRole('button', { name: `${TEXT.attempts} ${ERP.url}` }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.attemptsTitle(ERP.url) });
    const log = await within(dialog).findByRole('table', { name: TEXT.attemptsLabel });
    const [, newest, oldest] = within(log).getAllByRole('row');
    expect(cells(newest!).slice(1, 5)).toEqual(['letter.analysed', '200', '2', '84 ms']);
    expect(cells(oldest!).slice(2, 4)).toEqual([`${TEXT.noResponse}: The connection was refused.`, '1']);
    expect(await axeViolations(dialog)).toEqual([]);
    fireEvent.click(within(newest!).getByRole('button', { name: `${TEXT.resend} letter.analysed evt_1` }));
    await waitFor(() => expect(notified()).toContainEqual([TEXT.resent, 'success']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/webhooks/we1/deliveries/whd1/resend',
    ]);
  });

  it('switches a switched-off endpoint on again', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: TEXT.tableLabel });
    fireEvent.click(await within(table).findByRole('button', { name: `${TEXT.enable} ${OFF.url}` }));
    await waitFor(() => expect(notified()).toContainEqual(['The endpoint is switched on again.', 'success']));
    await waitFor(() => expect(within(table).queryByRole('button', { name: `${TEXT.enable} ${OFF.url}` })).toBeNull());
  });
});
