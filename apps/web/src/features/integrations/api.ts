import {
  type AccountingEntityType,
  INTEGRATION_IMPORT_MAX,
  type IntegrationProviderId,
  MESSAGES,
  type RedirectBody,
} from '@lp/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api, isApiError } from '../../lib/api';

// The types come from the server's OpenAPI document, whose routes validate with the schemas in
// @lp/domain (integrations-api.ts): one contract, never written twice. Money is pence.

/** A provider with the company's connection to it (GET /api/integrations). */
export type Integration = ApiResponse<'/api/integrations'>['integrations'][number];
/** A contact of the provider's, as GET .../contacts lists it. */
export type ImportContact = ApiResponse<'/api/integrations/{provider}/contacts'>['contacts'][number];
/** A sales invoice of the provider's, as GET .../invoices lists it. */
export type ImportInvoice = ApiResponse<'/api/integrations/{provider}/invoices'>['invoices'][number];
export type ContactsImported = ApiResponse<'/api/integrations/{provider}/contacts/import', 'post'>;
/** POST .../contacts/import/preview. */
export type ContactsPreview = ApiResponse<'/api/integrations/{provider}/contacts/import/preview', 'post'>;
export type InvoicesImported = ApiResponse<'/api/integrations/{provider}/invoices/import', 'post'>;
export type CheckAnswer = ApiResponse<'/api/integrations/check', 'post'>;

/** A contact or an invoice, as the import screen lists them. */
export type ImportEntity = ImportContact | ImportInvoice;

/** One page of a provider's contacts or invoices, as the screen keeps it. */
export interface EntityPage {
  rows: ImportEntity[];
  next_page: number | null;
}

/** What an import made, by entity. */
export type ImportOutcome =
  | { entity: 'contacts'; answer: ContactsImported }
  | { entity: 'invoices'; answer: InvoicesImported };

/** Every integrations query starts with 'integrations', so a live `refresh` naming them refetches them. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  entities: (provider: IntegrationProviderId, entity: AccountingEntityType) =>
    ['integrations', 'entities', provider, entity] as const,
};

/** GET /api/integrations: the six providers with the company's connections. */
export async function fetchIntegrations(signal?: AbortSignal): Promise<Integration[]> {
  const body = await api.get('/api/integrations', { signal });
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
  return api.post('/api/integrations/{provider}/connect', { params: { provider } });
}

/** DELETE /api/integrations/{provider}: revokes where the provider allows and forgets the tokens. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: IntegrationProviderId) =>
      api.delete('/api/integrations/{provider}', { params: { provider } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** PUT /api/integrations/{provider}/auto-sync { sync }: the card shows the new value at once. */
export function useAutoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, sync }: { provider: IntegrationProviderId; sync: boolean }) =>
      api.put('/api/integrations/{provider}/auto-sync', { params: { provider }, body: { sync } }),
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
  return api.post('/api/integrations/{provider}/redirect', { params: { provider }, body });
}

/** POST /api/integrations/check: calls the provider with the stored tokens (426 when the plan lacks it). */
export function checkIntegration(provider: IntegrationProviderId) {
  return api.post('/api/integrations/check', { body: { provider } });
}

/** GET /api/integrations/{provider}/contacts or /invoices?page=N (pages from 1). */
export async function fetchEntityPage(
  provider: IntegrationProviderId,
  entity: AccountingEntityType,
  page: number,
  signal?: AbortSignal,
): Promise<EntityPage> {
  const init = { params: { provider }, query: { page }, signal };
  if (entity === 'contacts') {
    const body = await api.get('/api/integrations/{provider}/contacts', init);
    return { rows: body.contacts, next_page: body.next_page };
  }
  const body = await api.get('/api/integrations/{provider}/invoices', init);
  return { rows: body.invoices, next_page: body.next_page };
}

/** The provider's records, a page at a time (the provider's own page size); more on request. */
export function useEntities(provider: IntegrationProviderId, entity: AccountingEntityType) {
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
    kept: answers.reduce((n, a) => n + a.kept, 0),
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

/** POST .../contacts/import/preview: what importing the contacts would do (new, matched with the changes, refused), a hundred at a time. */
export async function previewContactsImport(
  provider: IntegrationProviderId,
  ids: readonly string[],
  onProgress: (done: number) => void = () => {},
): Promise<ContactsPreview['contacts']> {
  const answers = await inSlices(
    ids,
    (slice) =>
      api.post('/api/integrations/{provider}/contacts/import/preview', { params: { provider }, body: { ids: slice } }),
    onProgress,
  );
  return answers.flatMap((a) => a.contacts);
}

/** What an import sends: the ids, and (contacts) those whose matched customer takes the provider's values. */
export interface ImportRequest {
  ids: string[];
  update?: readonly string[];
}

/**
 * POST .../contacts/import { ids, update } or .../invoices/import { ids }, at most
 * INTEGRATION_IMPORT_MAX a call; then the list (its "already imported" marks) and what the import
 * made are read again.
 */
export function useImport(
  provider: IntegrationProviderId,
  entity: AccountingEntityType,
  onProgress: (done: number) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, update = [] }: ImportRequest): Promise<ImportOutcome> => {
      const params = { provider };
      if (entity === 'contacts') {
        const updating = new Set(update);
        const answers = await inSlices(
          ids,
          (slice) =>
            api.post('/api/integrations/{provider}/contacts/import', {
              params,
              body: { ids: slice, update: slice.filter((id) => updating.has(id)) },
            }),
          onProgress,
        );
        return { entity, answer: mergeContacts(answers) };
      }
      const answers = await inSlices(
        ids,
        (slice) => api.post('/api/integrations/{provider}/invoices/import', { params, body: { ids: slice } }),
        onProgress,
      );
      return { entity, answer: mergeInvoices(answers) };
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
