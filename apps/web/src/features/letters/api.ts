import { MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  delivered_on?: string | null;
  delivery_channels?: string[];
  successful_delivery_channels?: string[];
  unsuccessful_delivery_channels?: string[];
  /** Page 1 around the address, in mm from the top-left (drawn over the preview); null until analysed. */
  layout?: LetterLayout | null;
  /** An address sheet was put in front of the letter. */
  address_sheet?: boolean;
}

export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LetterLayout {
  window: LayoutBox;
  address: LayoutBox;
  barcode: LayoutBox | null;
  intrusions: { kind: 'text' | 'graphic'; text?: string; box: LayoutBox }[];
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

/** A failed letters call for people: "Permission denied" for a refusal, the server's own words for a 4xx, else the generic text. */
export function letterFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
