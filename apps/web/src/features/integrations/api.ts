import {
  type AccountingEntityType,
  type autoSyncAnswerSchema,
  type checkAnswerSchema,
  type connectAnswerSchema,
  type contactsImportedSchema,
  type contactsPageSchema,
  type ImportContact,
  type ImportInvoice,
  INTEGRATION_IMPORT_MAX,
  type IntegrationAnswer,
  type IntegrationProviderId,
  type integrationListSchema,
  type invoicesImportedSchema,
  type invoicesPageSchema,
  MESSAGES,
  type RedirectBody,
  type redirectAnswerSchema,
} from '@lp/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '../../lib/api';

// The types come from the route schemas in @lp/domain (integrations-api.ts), which the server's
// routes validate with: one contract, never written twice. Money is pence.

export type { ImportContact, ImportInvoice } from '@lp/domain';
export type Integration = IntegrationAnswer;
export type ContactsImported = z.infer<typeof contactsImportedSchema>;
export type InvoicesImported = z.infer<typeof invoicesImportedSchema>;
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

export interface ImportEntities {
  contacts: ImportContact;
  invoices: ImportInvoice;
}

export interface ImportResults {
  contacts: ContactsImported;
  invoices: InvoicesImported;
}

/** One page of a provider's contacts or invoices, as the screen keeps it. */
export interface EntityPage<E extends AccountingEntityType> {
  rows: ImportEntities[E][];
  next_page: number | null;
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
  const body = await api.get<z.infer<typeof integrationListSchema>>('/api/integrations', { signal });
  return body.integrations;
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
  return api.post<z.infer<typeof connectAnswerSchema>>(`${base(provider)}/connect`);
}

/** DELETE /api/integrations/{provider}: revokes where the provider allows and forgets the tokens. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: IntegrationProviderId) => api.delete<{ provider: string; message: string }>(base(provider)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** PUT /api/integrations/{provider}/auto-sync { sync }: the card shows the new value at once. */
export function useAutoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, sync }: { provider: IntegrationProviderId; sync: boolean }) =>
      api.put<z.infer<typeof autoSyncAnswerSchema>>(`${base(provider)}/auto-sync`, { sync }),
    onSuccess: (answer, { provider }) => {
      queryClient.setQueryData<Integration[]>(integrationKeys.list, (list) =>
        list?.map((i) => (i.provider === provider ? { ...i, auto_sync: answer.auto_sync } : i)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list }),
  });
}

/**
 * POST /api/integrations/{provider}/redirect: the server takes the state (once), exchanges the code
 * and stores the connection. A denial is sent too (`error`, no code), so the state is spent.
 */
export function registerReturn(provider: IntegrationProviderId, body: RedirectBody) {
  return api.post<z.infer<typeof redirectAnswerSchema>>(`${base(provider)}/redirect`, body);
}

/** POST /api/integrations/check: calls the provider with the stored tokens (426 when the plan lacks it). */
export function checkIntegration(provider: IntegrationProviderId) {
  return api.post<CheckAnswer>('/api/integrations/check', { provider });
}

/** GET /api/integrations/{provider}/contacts or /invoices?page=N (pages from 1). */
export async function fetchEntityPage<E extends AccountingEntityType>(
  provider: IntegrationProviderId,
  entity: E,
  page: number,
  signal?: AbortSignal,
): Promise<EntityPage<E>> {
  const body = await api.get<z.infer<typeof contactsPageSchema> | z.infer<typeof invoicesPageSchema>>(
    `${base(provider)}/${entity}?page=${page}`,
    { signal },
  );
  const rows = 'contacts' in body ? body.contacts : body.invoices;
  return { rows: rows as ImportEntities[E][], next_page: body.next_page };
}

/** The provider's records, a page at a time (the provider's own page size); more on request. */
export function useEntities<E extends AccountingEntityType>(provider: IntegrationProviderId, entity: E) {
  return useInfiniteQuery({
    queryKey: integrationKeys.entities(provider, entity),
    queryFn: ({ pageParam, signal }) => fetchEntityPage(provider, entity, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
  });
}

/** Runs `send` over `ids` in slices the API takes at once, reporting how many are done. */
export async function inSlices<T>(
  ids: readonly string[],
  send: (slice: string[]) => Promise<T>,
  onProgress: (done: number) => void,
  size = INTEGRATION_IMPORT_MAX,
): Promise<T[]> {
  const answers: T[] = [];
  for (let at = 0; at < ids.length; at += size) {
    const slice = ids.slice(at, at + size);
    answers.push(await send(slice));
    onProgress(at + slice.length);
  }
  return answers;
}

/** Sums the answers of several slices of one contacts import. */
function mergeContacts(answers: ContactsImported[]): ContactsImported {
  return {
    created: answers.reduce((n, a) => n + a.created, 0),
    updated: answers.reduce((n, a) => n + a.updated, 0),
    customers: answers.flatMap((a) => a.customers),
    refused: answers.flatMap((a) => a.refused),
    message: answers.length === 1 ? answers[0]!.message : '',
  };
}

function mergeInvoices(answers: InvoicesImported[]): InvoicesImported {
  return {
    letters: answers.flatMap((a) => a.letters),
    message: answers.length === 1 ? answers[0]!.message : '',
  };
}

/**
 * POST .../contacts/import or .../invoices/import { ids }, at most INTEGRATION_IMPORT_MAX a call;
 * then the list (its "already imported" marks) and what the import made are read again.
 */
export function useImport<E extends AccountingEntityType>(
  provider: IntegrationProviderId,
  entity: E,
  onProgress: (done: number) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<ImportResults[E]> => {
      const answers = await inSlices(
        ids,
        (slice) => api.post<ImportResults[E]>(`${base(provider)}/${entity}/import`, { ids: slice }),
        onProgress,
      );
      return (
        entity === 'contacts'
          ? mergeContacts(answers as ContactsImported[])
          : mergeInvoices(answers as InvoicesImported[])
      ) as ImportResults[E];
    },
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

/**
 * A failed integrations call for people: "Permission denied" for a refusal, the upgrade text for a
 * 426, the server's words for a 4xx or a 503 (the provider did not answer), else the generic text.
 */
export function integrationFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error, 426)) return error.message === MESSAGES.genericError ? MESSAGES.upgradePlan : error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  if (isApiError(error, 503) && error.message) return error.message;
  return MESSAGES.genericError;
}
