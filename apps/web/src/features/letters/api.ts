import { type InWindowKind, type LetterCloudSync, MESSAGES, type RecipientCorrection } from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSearchParams, listUrl } from '../../components/data-table/query';
import type { DataTableParams, DataTableResult } from '../../components/data-table/types';
import { api, isApiError } from '../../lib/api';
import { letterKeys } from './keys';

export { letterKeys };

export type DocumentType = 'regular' | 'merged';
export type SplitStatus = 'proposing' | 'proposed' | 'splitting' | 'split' | 'failed';

/** A letter as GET /api/letters and GET /api/letters/:id answer. */
export interface Letter {
  uuid: string;
  name: string;
  document_type: DocumentType;
  source_type?: 'pdf' | 'docx';
  /** The raw status text (LETTER_STATUS, or "Delivery scheduled for: ..."). */
  status: string;
  display_status: string;
  /** Why a problem status was given, for people. */
  status_reason: string | null;
  force_status_error?: boolean;
  num_pages: number | null;
  recipient_name_snapshot: string | null;
  recipient_address_snapshot: string[] | null;
  postcode: string | null;
  mark_for_deletion: boolean;
  processed: boolean;
  creator_email: string | null;
  creator_name?: string | null;
  creation_date: string;
  has_thumbnail?: boolean;
  parent_uuid?: string | null;
  split_status?: SplitStatus | null;
  split_count?: number | null;
  has_been_posted?: boolean;
  cloud_synced?: boolean;
  /** The letter's copies in the company's drives (GET /api/letters/:id only). */
  cloud_syncs?: LetterCloudSync[];
  delivered_on?: string | null;
  delivery_channels?: string[];
  successful_delivery_channels?: string[];
  unsuccessful_delivery_channels?: string[];
  /** Page 1 around the address, in mm from the top-left (drawn over the preview); null until analysed. */
  layout?: LetterLayout | null;
  /** An address sheet was put in front of the letter. */
  address_sheet?: boolean;
  /** The address was whited out and set again inside the window on page 1. */
  address_reset?: boolean;
  /** How the recipient was read: the text layer, OCR (a scanned letter), or corrected or confirmed by a person. */
  address_source?: 'text' | 'ocr' | 'corrected';
  /** Of an address read by OCR: its confidence, 0-100. */
  ocr_confidence?: number | null;
  /** The company's customer this letter is for (linked by analysis, or by a person); null when none. */
  customer_uuid?: string | null;
  customer_name?: string | null;
}

export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Something besides the address that would show through the window. */
export interface LayoutIntrusion {
  kind: InWindowKind;
  text?: string;
  box: LayoutBox;
}

/** An edge of the window the address runs past, by how many mm, and the line that runs furthest. */
export interface LayoutOverflow {
  side: 'top' | 'bottom' | 'left' | 'right';
  by: number;
  line: string;
}

/** Page 1 around the address (the API's layoutSchema), in mm from the top-left. */
export interface LetterLayout {
  window: LayoutBox;
  address: LayoutBox;
  /** Each line of the address read, name first. */
  lines?: LayoutBox[];
  barcode: LayoutBox | null;
  intrusions: LayoutIntrusion[];
  /** Edges of the window the address runs past. */
  outside?: LayoutOverflow[];
  /** The address can be re-set on page 1 (nothing but the old address in the area to white out). */
  resetOffered?: boolean;
}

export const LETTER_TABS = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'trash', label: 'Trash' },
] as const;
export type LetterTab = (typeof LETTER_TABS)[number]['value'];

export type LetterList = DataTableResult<Letter> & { counts?: Partial<Record<LetterTab, number>> };

const path = (id: string, rest = '') => `/api/letters/${encodeURIComponent(id)}${rest}`;

export const fetchLetters = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<LetterList>(listUrl('/api/letters', params), { signal });

/** The letter's file as a PDF (inline), or as an attachment to save. */
export const letterFileUrl = (id: string, download = false) => path(id, download ? '/file?download=1' : '/file');
export const letterThumbnailUrl = (id: string) => path(id, '/thumbnail');

/** The thumbnail stream of the letters a list call with these parameters answers. */
export const thumbnailStreamUrl = (params: DataTableParams) =>
  `/api/letters/thumbnails/stream?${listSearchParams(params).toString()}`;

/** One letter, shown at once from the table's row while the fresh record loads. */
export function useLetter(id: string | null, placeholder?: Letter) {
  return useQuery({
    queryKey: letterKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Letter>(path(id ?? ''), { signal }),
    enabled: !!id,
    placeholderData: placeholder && placeholder.uuid === id ? placeholder : undefined,
  });
}

/** The page count read from the file (when the letter's record has none). */
export function useLetterMetadata(id: string, enabled: boolean) {
  return useQuery({
    queryKey: letterKeys.metadata(id),
    queryFn: ({ signal }) => api.get<{ page_count: number }>(path(id, '/metadata'), { signal }),
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
    mutationFn: (uuids: readonly string[]) => api.post<unknown>(`/api/letters/${action}`, { uuids }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useMarkProcessed() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      api.patch<{ processed_letters: string[] }>('/api/letters/processed', { letter_ids: ids }),
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
        ? api.post<{ uuid: string; message: string }>(path(id, '/address-sheet'))
        : api.delete<{ uuid: string; message: string }>(path(id, '/address-sheet')),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** The answer of the address fixes: the letter is analysed again. */
export interface AddressFixAnswer {
  uuid: string;
  status: string;
  message: string;
}

/** Re-sets the address on page 1 inside the window (add) or undoes it (remove); the letter is analysed again. */
export function useAddressReset(id: string) {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (how: 'add' | 'remove') =>
      how === 'add'
        ? api.post<AddressFixAnswer>(path(id, '/address-reset'))
        : api.delete<AddressFixAnswer>(path(id, '/address-reset')),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** PUT /api/letters/:id/recipient: the recipient corrected, or confirmed as read; the letter is analysed again. */
export function useCorrectRecipient(id: string) {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (body: RecipientCorrection) => api.put<AddressFixAnswer>(path(id, '/recipient'), body),
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** PUT and POST /api/letters/:id/customer answer the letter's link. */
export interface LetterCustomerLink {
  uuid: string;
  customer_uuid: string | null;
  customer_name: string | null;
}

/** POST /api/letters/:id/customer: the recipient as read, with these details, saved as a new customer. */
export interface RecipientAsCustomerBody {
  email?: string;
  phone?: string;
  communications_preference: string[];
}

/** A customer offered by the picker (one row of GET /api/customers). */
export interface CustomerOption {
  customer_uuid: string;
  recipient: string;
  address: string;
  email: string | null;
  phone: string | null;
}

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
      return api.get<{ rows: CustomerOption[]; count: number }>(`/api/customers?${query.toString()}`, { signal });
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
      api.put<LetterCustomerLink>(path(id, '/customer'), { customer_uuid: customerUuid }),
    onSuccess: settled,
  });
}

/** Saves the letter's recipient (as read) as a new customer and links the letter to them. */
export function useSaveRecipientAsCustomer(id: string) {
  const settled = useLinkSettled(id);
  return useMutation({
    mutationFn: (body: RecipientAsCustomerBody) => api.post<LetterCustomerLink>(path(id, '/customer'), body),
    onSuccess: settled,
  });
}

/** A failed letters call for people: "Permission denied" for a refusal, the server's own words for a 4xx, else the generic text. */
export function letterFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
