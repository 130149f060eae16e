import { INTEGRATION_PROVIDERS, type IntegrationProviderId } from '@lp/domain';
import axe from 'axe-core';
import { vi } from 'vitest';
import type { ImportContact, ImportInvoice, Integration } from './api';

/** A provider's row of GET /api/integrations, not connected, the plan allowing it. */
export function integrationRow(provider: IntegrationProviderId, over: Partial<Integration> = {}): Integration {
  const info = INTEGRATION_PROVIDERS.find((p) => p.id === provider)!;
  return {
    provider,
    name: info.name,
    description: info.description,
    kind: info.kind,
    logo: null,
    connected: false,
    status: null,
    auto_sync: false,
    tenant_name: null,
    connected_at: null,
    plan_allows: true,
    ...over,
  };
}

export const CONTACTS: ImportContact[] = [
  {
    external_id: 'xc-1',
    recipient: 'Bramble & Finch Ltd',
    email: 'accounts@bramblefinch.co.uk',
    address: ['4 Mill Lane', 'Totnes', 'TQ9 5AB'],
    preview_url: 'https://go.xero.com/Contacts/View/xc-1',
    imported: false,
  },
  {
    external_id: 'xc-2',
    recipient: 'Zoë Brontë',
    email: null,
    address: [],
    preview_url: null,
    imported: true,
  },
];

export const INVOICES: ImportInvoice[] = [
  {
    external_id: 'xi-1',
    user_invoice_id: 'INV-0042',
    recipient: 'Bramble & Finch Ltd',
    total: 1234.5,
    currency: 'GBP',
    items: ['Consulting, 10 hours', 'Travel'],
    preview_url: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=xi-1',
    imported: false,
  },
  {
    external_id: 'xi-2',
    user_invoice_id: 'INV-0043',
    recipient: 'Société Générale de Test',
    total: '99.9',
    currency: 'EUR',
    items: ['Licence'],
    preview_url: null,
    imported: true,
  },
];

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const upgradeAnswer = () =>
  json(426, {
    statusCode: 426,
    code: 'UPGRADE_REQUIRED',
    message: 'Please upgrade your plan in order to use this feature!',
  });

/**
 * A stand-in for the integrations API of decision 0021: `answers` (by "METHOD /path") override
 * the defaults; every call is recorded.
 */
export function startServer() {
  const state = {
    calls: [] as Call[],
    rows: INTEGRATION_PROVIDERS.map((p) => integrationRow(p.id)),
    contacts: [...CONTACTS],
    invoices: [...INVOICES],
    answers: {} as Partial<Record<string, (body: unknown) => Response>>,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      state.calls.push({ method, path: url.pathname + url.search, body });
      const custom = state.answers[`${method} ${url.pathname}`];
      if (custom) return custom(body);
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/integrations') return json(200, { integrations: state.rows });
      const m = /^\/api\/integrations\/([a-z_]+)(?:\/(.*))?$/.exec(url.pathname);
      if (m) {
        const [, provider, rest] = m;
        if (method === 'POST' && rest === 'connect')
          return json(200, { url: `https://login.example.com/${provider}/authorize?state=s1` });
        if (method === 'DELETE' && rest === undefined) {
          const info = INTEGRATION_PROVIDERS.find((p) => p.id === provider)!;
          state.rows = state.rows.map((r) =>
            r.provider === provider ? { ...r, connected: false, status: null, auto_sync: false } : r,
          );
          return json(200, { message: `Disconnected ${info.name} integration.` });
        }
        if (method === 'PUT' && rest === 'auto-sync')
          return json(200, { provider, auto_sync: (body as { sync: boolean }).sync });
        if (method === 'POST' && rest === 'redirect') return json(200, { provider, connected: true, message: 'ok' });
        if (method === 'GET' && rest === 'contacts') return json(200, { contacts: state.contacts });
        if (method === 'GET' && rest === 'invoices') return json(200, { invoices: state.invoices });
      }
      if (method === 'POST' && url.pathname === '/api/integrations/check')
        return json(200, { provider: (body as { provider: string }).provider, connected: true, status: 'connected' });
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
  return state;
}

export async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
