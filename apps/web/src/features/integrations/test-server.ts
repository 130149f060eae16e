import { INTEGRATION_PROVIDERS, type IntegrationProviderId } from '@lp/domain';
import axe from 'axe-core';
import { vi } from 'vitest';
import type {
  ContactsImported,
  ContactsPreview,
  ImportContact,
  ImportInvoice,
  Integration,
  InvoicesImported,
} from './api';

/** A provider's row of GET /api/integrations, not connected, the plan allowing it. */
export function integrationRow(provider: IntegrationProviderId, over: Partial<Integration> = {}): Integration {
  const info = INTEGRATION_PROVIDERS.find((p) => p.id === provider)!;
  return {
    provider,
    name: info.name,
    snakeCaseProviderName: info.snakeCaseProviderName,
    description: info.description,
    kind: info.kind,
    logo: info.id,
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
    postcode: 'TQ9 5AB',
    phone: null,
    preview_url: 'https://go.xero.com/Contacts/View/xc-1',
    imported: false,
    customer_uuid: null,
  },
  {
    external_id: 'xc-2',
    recipient: 'Zoë Brontë',
    email: null,
    address: [],
    postcode: null,
    phone: '07700 900123',
    preview_url: null,
    imported: true,
    customer_uuid: 'cu-9',
  },
];

export const INVOICES: ImportInvoice[] = [
  {
    external_id: 'xi-1',
    user_invoice_id: 'INV-0042',
    recipient: 'Bramble & Finch Ltd',
    contact_external_id: 'xc-1',
    total: 123450,
    amount_due: 123450,
    currency: 'GBP',
    items: ['10 x Consulting at £102.88: £1,028.75', 'Travel: £0.00'],
    issue_date: '2026-11-01',
    due_date: '2026-12-01',
    paid: false,
    preview_url: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=xi-1',
    imported: false,
    letter_uuid: null,
  },
  {
    external_id: 'xi-2',
    user_invoice_id: 'INV-0043',
    recipient: 'Société Générale de Test',
    contact_external_id: 'xc-3',
    total: 9990,
    amount_due: 0,
    currency: 'EUR',
    items: ['Licence'],
    issue_date: null,
    due_date: null,
    paid: true,
    preview_url: null,
    imported: true,
    letter_uuid: 'l-old',
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
 * A stand-in for the integrations API of decision 0021 (the shapes of @lp/domain integrations-api):
 * `answers` (by "METHOD /path") override the defaults; every call is recorded.
 */
export function startServer() {
  const state = {
    calls: [] as Call[],
    rows: INTEGRATION_PROVIDERS.map((p) => integrationRow(p.id)),
    contacts: [...CONTACTS],
    invoices: [...INVOICES],
    /** Records a page of the provider's list holds. */
    pageSize: 100,
    answers: {} as Partial<Record<string, (body: unknown) => Response>>,
  };
  const nameOf = (provider: string) => INTEGRATION_PROVIDERS.find((p) => p.id === provider)?.name ?? provider;
  const page = <T>(all: T[], n: number) => ({
    page: n,
    next_page: n * state.pageSize < all.length ? n + 1 : null,
    rows: all.slice((n - 1) * state.pageSize, n * state.pageSize),
  });
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
      if (method === 'POST' && url.pathname === '/api/integrations/check') {
        const { provider } = body as { provider: string };
        return json(200, { provider, connected: true, status: 'connected', message: null });
      }
      const m = /^\/api\/integrations\/([a-z_]+)(?:\/(.*))?$/.exec(url.pathname);
      if (m) {
        const provider = m[1]!;
        const rest = m[2];
        const n = Number(url.searchParams.get('page') ?? '1');
        if (method === 'POST' && rest === 'connect')
          return json(200, { url: `https://login.example.com/${provider}/authorize?state=s1` });
        if (method === 'DELETE' && rest === undefined) {
          state.rows = state.rows.map((r) =>
            r.provider === provider ? { ...r, connected: false, status: null, auto_sync: false } : r,
          );
          return json(200, { provider, message: `Disconnected ${nameOf(provider)} integration.` });
        }
        if (method === 'PUT' && rest === 'auto-sync') {
          const { sync } = body as { sync: boolean };
          return json(200, {
            provider,
            auto_sync: sync,
            message: sync ? `Letters will be copied to ${nameOf(provider)}.` : 'off',
          });
        }
        if (method === 'POST' && rest === 'redirect') {
          const b = body as { auth_code?: string; error?: string };
          if (b.error || !b.auth_code)
            return json(400, {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message: `${nameOf(provider)} did not give access, so nothing was connected.`,
            });
          return json(200, {
            provider,
            connected: true,
            message: `Connected ${nameOf(provider)} integration.`,
            tenant_name: 'Demo Ltd',
          });
        }
        if (method === 'GET' && rest === 'contacts') {
          const { rows, ...p } = page(state.contacts, n);
          return json(200, { provider, ...p, contacts: rows });
        }
        if (method === 'GET' && rest === 'invoices') {
          const { rows, ...p } = page(state.invoices, n);
          return json(200, { provider, ...p, invoices: rows });
        }
        if (method === 'POST' && rest === 'contacts/import/preview') {
          // Imported before: matched (by the earlier import), nothing differing; else new.
          const { ids } = body as { ids: string[] };
          const answer: ContactsPreview = {
            contacts: state.contacts
              .filter((c) => ids.includes(c.external_id))
              .map((c) => ({
                external_id: c.external_id,
                recipient: c.recipient,
                outcome: c.imported ? 'matched' : 'new',
                reason: null,
                customer_uuid: c.customer_uuid,
                customer_name: c.imported ? c.recipient : null,
                matched_by: c.imported ? 'earlier import' : null,
                changes: [],
              })),
          };
          return json(200, answer);
        }
        if (method === 'POST' && rest === 'contacts/import') {
          const { ids, update = [] } = body as { ids: string[]; update?: string[] };
          const chosen = state.contacts.filter((c) => ids.includes(c.external_id));
          const created = chosen.filter((c) => !c.imported).length;
          const updated = chosen.filter((c) => c.imported && update.includes(c.external_id)).length;
          const answer: ContactsImported = {
            created,
            updated,
            kept: chosen.length - created - updated,
            customers: chosen.map((c) => ({
              customer_uuid: c.customer_uuid ?? `cu-${c.external_id}`,
              recipient: c.recipient,
              external_id: c.external_id,
            })),
            refused: [],
            message: 'done',
          };
          return json(200, answer);
        }
        if (method === 'POST' && rest === 'invoices/import') {
          const { ids } = body as { ids: string[] };
          const answer: InvoicesImported = {
            letters: state.invoices
              .filter((i) => ids.includes(i.external_id))
              .map((i) => ({
                uuid: i.letter_uuid ?? `l-${i.external_id}`,
                invoice_id: i.external_id,
                user_invoice_id: i.user_invoice_id,
                existing: i.imported,
                customer_uuid: null,
              })),
            message: 'done',
          };
          return json(200, answer);
        }
      }
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
  return state;
}

export async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
