import { MESSAGES, type RecipientCorrection } from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSearchParams } from '../../components/data-table/query';
import type { DataTableParams } from '../../components/data-table/types';
import { type ApiBody, type ApiResponse, api, apiUrl, isApiError } from '../../lib/api';
import { letterKeys } from './keys';

export { letterKeys };

export type DocumentType = 'regular' | 'merged';
export type SplitStatus = 'proposing' | 'proposed' | 'splitting' | 'split' | 'failed';

/** A letter as GET /api/letters lists it. */
export type LetterRow = ApiResponse<'/api/letters'>['rows'][number];
/** A letter as GET /api/letters and GET /api/letters/:id answer (only the latter has its drive copies). */
export type Letter = LetterRow & Partial<Pick<ApiResponse<'/api/letters/{id}'>, 'cloud_syncs'>>;

/** Page 1 around the address (the API's layoutSchema), in mm from the top-left. */
export type LetterLayout = NonNullable<Letter['layout']>;
export type LayoutBox = LetterLayout['window'];
/** Something besides the address that would show through the window. */
export type LayoutIntrusion = LetterLayout['intrusions'][number];
/** An edge of the window the address runs past, by how many mm, and the line that runs furthest. */
export type LayoutOverflow = NonNullable<LetterLayout['outside']>[number];

export const LETTER_TABS = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'trash', label: 'Trash' },
] as const;
export type LetterTab = (typeof LETTER_TABS)[number]['value'];

export type LetterList = ApiResponse<'/api/letters'>;

export const fetchLetters = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/letters', { query: listSearchParams(params), signal });

/** The letter's file as a PDF (inline), or as an attachment to save. */
export const letterFileUrl = (id: string, download = false) =>
  apiUrl('/api/letters/{id}/file', { params: { id }, query: download ? { download: '1' } : {} });
export const letterThumbnailUrl = (id: string) => apiUrl('/api/letters/{id}/thumbnail', { params: { id } });

/** The thumbnail stream of the letters a list call with these parameters answers. */
export const thumbnailStreamUrl = (params: DataTableParams) =>
  apiUrl('/api/letters/thumbnails/stream', { query: listSearchParams(params) });

/** One letter, shown at once from the table's row while the fresh record loads. */
export function useLetter(id: string | null, placeholder?: Letter) {
  return useQuery({
    queryKey: letterKeys.detail(id ?? ''),
    queryFn: ({ signal }): Promise<Letter> => api.get('/api/letters/{id}', { params: { id: id ?? '' }, signal }),
    enabled: !!id,
    placeholderData: placeholder && placeholder.uuid === id ? placeholder : undefined,
  });
}

/** The page count read from the file (when the letter's record has none). */
export function useLetterMetadata(id: string, enabled: boolean) {
  return useQuery({
    queryKey: letterKeys.metadata(id),
    queryFn: ({ signal }) => api.get('/api/letters/{id}/metadata', { params: { id }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useInvalidateLetters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: letterKeys.all });
}

/** Trash, restore or delete for good (from the trash), for one letter or a selection. */
export function useLetterBulk(action: 'trash' | 'restore' | 'delete-permanently') {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (uuids: readonly string[]) => api.post(`/api/letters/${action}`, { body: { uuids: [...uuids] } }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useMarkProcessed() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.patch('/api/letters/processed', { body: { letter_ids: [...ids] } }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** Puts an address sheet in front of the letter (add) or takes it off (remove); the letter is analysed again. */
export function useAddressSheet(id: string) {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (how: 'add' | 'remove') =>
      how === 'add'
        ? api.post('/api/letters/{id}/address-sheet', { params: { id } })
        : api.delete('/api/letters/{id}/address-sheet', { params: { id } }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** The answer of the address fixes: the letter is analysed again. */
export type AddressFixAnswer = ApiResponse<'/api/letters/{id}/recipient', 'put'>;

/** Re-sets the address on page 1 inside the window (add) or undoes it (remove); the letter is analysed again. */
export function useAddressReset(id: string) {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (how: 'add' | 'remove') =>
      how === 'add'
        ? api.post('/api/letters/{id}/address-reset', { params: { id } })
        : api.delete('/api/letters/{id}/address-reset', { params: { id } }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** PUT /api/letters/:id/recipient: the recipient corrected, or confirmed as read; the letter is analysed again. */
export function useCorrectRecipient(id: string) {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (body: RecipientCorrection) => api.put('/api/letters/{id}/recipient', { params: { id }, body }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** PUT and POST /api/letters/:id/customer answer the letter's link. */
export type LetterCustomerLink = ApiResponse<'/api/letters/{id}/customer', 'put'>;

/** POST /api/letters/:id/customer: the recipient as read, with these details, saved as a new customer. */
export type RecipientAsCustomerBody = ApiBody<'/api/letters/{id}/customer', 'post'>;

/** A customer offered by the picker (one row of GET /api/customers). */
export type CustomerOption = ApiResponse<'/api/customers'>['rows'][number];

/** How many customers the picker offers for a search. */
export const CUSTOMER_PICK_LIMIT = 10;

/** The company's customers matching the text (name, email, postcode, phone), for the picker; under 'customers' so their refresh asks again. */
export function useCustomerSearch(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: ['customers', 'pick', term] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(CUSTOMER_PICK_LIMIT) });
      if (term) query.set('search', term);
      return api.get('/api/customers', { query, signal });
    },
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.rows,
  });
}

/** After the letter's customer changed: the letter shows it at once, then its queries, the quote and the customers are asked again. */
function useLinkSettled(id: string) {
  const queryClient = useQueryClient();
  return (link: LetterCustomerLink) => {
    queryClient.setQueryData<Letter>(letterKeys.detail(id), (old) =>
      old ? { ...old, customer_uuid: link.customer_uuid, customer_name: link.customer_name } : old,
    );
    void queryClient.invalidateQueries({ queryKey: letterKeys.all });
    // The quote carries the customer (email, phone) and whether mail is left out.
    void queryClient.invalidateQueries({ queryKey: letterKeys.quotes });
    void queryClient.invalidateQueries({ queryKey: ['customers'] });
  };
}

/** Links the letter to a customer, or unlinks it (null). */
export function useLinkCustomer(id: string) {
  const settled = useLinkSettled(id);
  return useMutation({
    mutationFn: (customerUuid: string | null) =>
      api.put('/api/letters/{id}/customer', { params: { id }, body: { customer_uuid: customerUuid } }),
    onSuccess: settled,
  });
}

/** Saves the letter's recipient (as read) as a new customer and links the letter to them. */
export function useSaveRecipientAsCustomer(id: string) {
  const settled = useLinkSettled(id);
  return useMutation({
    mutationFn: (body: RecipientAsCustomerBody) => api.post('/api/letters/{id}/customer', { params: { id }, body }),
    onSuccess: settled,
  });
}

/** A failed letters call for people: "Permission denied" for a refusal, the server's own words for a 4xx, else the generic text. */
export function letterFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
