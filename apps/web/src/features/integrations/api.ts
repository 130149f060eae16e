import { type AccountingEntityType, type IntegrationKind, type IntegrationProviderId, MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

// These types follow decision 0021's contract (the routes of apps/server/src/modules/integrations);
// the web cannot import server code, and the schemas are not in packages/domain yet.

/** The connection's state as the server last saw it; null while there is none. */
export type IntegrationStatus = 'connected' | 'revoked' | 'error';

/** One provider as GET /api/integrations lists it. */
export interface Integration {
  provider: IntegrationProviderId;
  name: string;
  description: string;
  kind: IntegrationKind;
  /** The server's logo reference; the cards draw their own marks (no outside images). */
  logo: string | null;
  connected: boolean;
  status: IntegrationStatus | null;
  auto_sync: boolean;
  /** The Xero organisation, QuickBooks company or Sage business connected to. */
  tenant_name: string | null;
  connected_at: string | null;
  /** False when the company's plan lacks the provider's feature (connecting then answers 426). */
  plan_allows: boolean;
}

/** A contact of an accounting provider (GET /api/integrations/{provider}/contacts). */
export interface ImportContact {
  external_id: string;
  recipient: string;
  email: string | null;
  /** The address lines, postcode last. */
  address: string[];
  preview_url: string | null;
  /** Imported before (a second import updates the customer). */
  imported: boolean;
}

/** An invoice of an accounting provider (GET /api/integrations/{provider}/invoices). */
export interface ImportInvoice {
  external_id: string;
  /** The invoice number the user knows it by (INV-0042). */
  user_invoice_id: string;
  recipient: string;
  /** In the currency's units (1234.5 is £1,234.50), as the providers give it. */
  total: number | string;
  /** ISO 4217 code (GBP). */
  currency: string;
  /** One line of text per item. */
  items: string[];
  preview_url: string | null;
  imported: boolean;
}

export interface ImportEntities {
  contacts: ImportContact;
  invoices: ImportInvoice;
}

/** POST .../contacts/import. */
export interface ContactsImported {
  created: number;
  updated: number;
  customers: { customer_uuid: string; recipient?: string }[];
}

/** POST .../invoices/import: one letter per invoice (a second import answers the same letter). */
export interface InvoicesImported {
  letters: { uuid: string; invoice_id: string }[];
}

export interface ImportResults {
  contacts: ContactsImported;
  invoices: InvoicesImported;
}

/** Every integrations query starts with 'integrations', so a live `refresh` naming them refetches them. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  entities: (provider: IntegrationProviderId, entity: AccountingEntityType) =>
    ['integrations', 'entities', provider, entity] as const,
};

const base = (provider: IntegrationProviderId) => `/api/integrations/${encodeURIComponent(provider)}`;

/** GET /api/integrations: the six providers with the company's connections. */
export async function fetchIntegrations(signal?: AbortSignal): Promise<Integration[]> {
  const body = await api.get<{ integrations: Integration[] } | Integration[]>('/api/integrations', { signal });
  return Array.isArray(body) ? body : (body?.integrations ?? []);
}

export function useIntegrations() {
  return useQuery({ queryKey: integrationKeys.list, queryFn: ({ signal }) => fetchIntegrations(signal) });
}

/** Sends the browser to another site (the provider's consent page); one place, so tests can watch it. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** POST /api/integrations/{provider}/connect: the provider's consent page to send the browser to. */
export function startConnect(provider: IntegrationProviderId) {
  return api.post<{ url: string }>(`${base(provider)}/connect`);
}

/** DELETE /api/integrations/{provider}: revokes where the provider allows and forgets the tokens. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: IntegrationProviderId) => api.delete<{ message: string }>(base(provider)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** PUT /api/integrations/{provider}/auto-sync { sync }: the card shows the new value at once. */
export function useAutoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, sync }: { provider: IntegrationProviderId; sync: boolean }) =>
      api.put<unknown>(`${base(provider)}/auto-sync`, { sync }),
    onSuccess: (_, { provider, sync }) => {
      queryClient.setQueryData<Integration[]>(integrationKeys.list, (list) =>
        list?.map((i) => (i.provider === provider ? { ...i, auto_sync: sync } : i)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list }),
  });
}

/** What a provider's return page read from its address. */
export interface ProviderReturn {
  code: string;
  state: string;
  /** Anything else the provider returned that the exchange needs (QuickBooks' realmId). */
  additionalInfo: Record<string, string>;
}

/** POST /api/integrations/{provider}/redirect: the server checks the state and exchanges the code. */
export function registerReturn(provider: IntegrationProviderId, back: ProviderReturn) {
  return api.post<{ provider: IntegrationProviderId; connected: boolean; message?: string }>(
    `${base(provider)}/redirect`,
    { auth_code: back.code, state: back.state, additional_info: back.additionalInfo },
  );
}

/** POST /api/integrations/check: calls the provider with the stored tokens (426 when the plan lacks it). */
export function checkIntegration(provider: IntegrationProviderId) {
  return api.post<{ provider: IntegrationProviderId; connected: boolean; status: IntegrationStatus | null }>(
    '/api/integrations/check',
    { provider },
  );
}

/** GET /api/integrations/{provider}/contacts or /invoices. */
export async function fetchEntities<E extends AccountingEntityType>(
  provider: IntegrationProviderId,
  entity: E,
  signal?: AbortSignal,
): Promise<ImportEntities[E][]> {
  const body = await api.get<Record<string, ImportEntities[E][]> | ImportEntities[E][]>(`${base(provider)}/${entity}`, {
    signal,
  });
  return Array.isArray(body) ? body : (body?.[entity] ?? []);
}

export function useEntities<E extends AccountingEntityType>(
  provider: IntegrationProviderId,
  entity: E,
  enabled: boolean,
) {
  return useQuery({
    queryKey: integrationKeys.entities(provider, entity),
    queryFn: ({ signal }) => fetchEntities(provider, entity, signal),
    enabled,
  });
}

/** POST .../contacts/import or .../invoices/import { ids }; then what they became is refetched. */
export function useImport<E extends AccountingEntityType>(provider: IntegrationProviderId, entity: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post<ImportResults[E]>(`${base(provider)}/${entity}/import`, { ids }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.entities(provider, entity) });
      void queryClient.invalidateQueries({ queryKey: [entity === 'contacts' ? 'customers' : 'letters'] });
    },
  });
}

/** True for the plan's refusal (426), whose text is the upgrade text. */
export function isUpgradeRequired(error: unknown): boolean {
  return isApiError(error, 426);
}

/** A failed integrations call for people: "Permission denied" for a refusal, the server's words for a 4xx, else the generic text. */
export function integrationFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error, 426)) return error.message === MESSAGES.genericError ? MESSAGES.upgradePlan : error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
