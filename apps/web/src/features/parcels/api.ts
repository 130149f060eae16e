import { MESSAGES, PARCEL_MESSAGES, type ParcelDetails, type ParcelParty, TRACKING_LABELS } from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, listSearchParams } from '../../components/data-table';
import { type ApiBody, type ApiResponse, api, apiGetForBlob, apiUrl, isApiError } from '../../lib/api';

/**
 * The parcels API (decision 0019). The types follow the contract written there; every query key
 * starts with 'parcels', so the server's live refresh naming parcels refetches the list, the open
 * parcel and the tracking page.
 */

/** A parcel as GET /api/parcels lists it (and POST /api/parcels answers it). */
export type Parcel = ApiResponse<'/api/parcels'>['rows'][number];

/** A sender or recipient as the API answers it. */
export type ParcelPartyDto = Parcel['sender'];

/** A parcel as GET /api/parcels/:id answers it: with its history and tracking points. */
export type ParcelDetail = ApiResponse<'/api/parcels/{id}'>;

export type ParcelHistoryRow = ParcelDetail['history'][number];

/** A tracking event: when, the carrier's words and the (unified) tracking status. */
export type TrackingPoint = ParcelDetail['tracking'][number];

/** GET /api/parcels/defaults: the sender's defaults, the presets and the carriers. */
export type ParcelDefaults = ApiResponse<'/api/parcels/defaults'>;

/** A preset: Small, Medium, Large (builtin) or the company's own (with its id). */
export type ParcelPresetRow = ParcelDefaults['presets'][number];

export type CarrierInfo = ParcelDefaults['carriers'][number];

/** POST /api/parcels/quotes's answer. */
export type QuoteAnswer = ApiResponse<'/api/parcels/quotes', 'post'>;

/** One service of one carrier for this parcel: priced, or refused with the reason. */
export type QuoteRow = QuoteAnswer['rows'][number];

/**
 * POST /api/parcels/quotes. The server checks the three parts with the domain's schemas (sender,
 * recipient, details); the form sends what those schemas make of its fields, which they accept again.
 */
export type QuoteRequest = ApiBody<'/api/parcels/quotes', 'post'> & {
  sender: ParcelParty;
  recipient: ParcelParty;
  details: ParcelDetails;
};

/** GET /api/parcels/track/:carrier/:shipmentId. */
export type TrackingAnswer = ApiResponse<'/api/parcels/track/{carrier}/{shipmentId}'>;

/** A customer of GET /api/customers, for the recipient step. */
export type CustomerPick = ApiResponse<'/api/customers'>['rows'][number];

export const parcelKeys = {
  all: ['parcels'] as const,
  list: ['parcels', 'list'] as const,
  detail: (id: string) => ['parcels', 'detail', id] as const,
  defaults: ['parcels', 'defaults'] as const,
  draft: ['parcels', 'draft'] as const,
  track: (carrier: string, shipmentId: string) => ['parcels', 'track', carrier, shipmentId] as const,
};

/** The label PDF (`download`: as an attachment). */
export const labelUrl = (id: string, download = false) =>
  apiUrl('/api/parcels/{id}/label', { params: { id }, query: download ? { download: '1' } : {} });

/** The carrier's name as the track routes take it (royal-mail, parcelforce, dpd, evri). */
export function carrierSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The tracking page of a booked parcel. */
export const trackPageUrl = (carrierName: string, shipmentId: string) =>
  `/parcels/track/${encodeURIComponent(carrierSlug(carrierName))}/${encodeURIComponent(shipmentId)}`;

/** A tracking status for people (the domain's labels; an unknown one as it came). */
export function trackingStatusText(status: string | null | undefined): string {
  if (!status) return '';
  return (TRACKING_LABELS as Record<string, string | undefined>)[status] ?? status;
}

export const fetchParcels = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/parcels', { query: listSearchParams(params), signal });

/** One parcel; the table's row is shown at once while the record loads. */
export function useParcel(id: string | null, placeholder?: Parcel) {
  return useQuery({
    queryKey: parcelKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/parcels/{id}', { params: { id: id ?? '' }, signal }),
    enabled: !!id,
    // The row has no history or tracking points: none are shown until the record comes.
    placeholderData:
      placeholder && placeholder.parcel_uuid === id ? { ...placeholder, history: [], tracking: [] } : undefined,
  });
}

/** The sender's defaults, the presets and the carriers (create_parcel). */
export function useParcelDefaults(enabled = true) {
  return useQuery({
    queryKey: parcelKeys.defaults,
    queryFn: ({ signal }) => api.get('/api/parcels/defaults', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/parcels/presets', 'post'>) => api.post('/api/parcels/presets', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: parcelKeys.defaults }),
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/parcels/presets/{id}', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: parcelKeys.defaults }),
  });
}

export function useQuoteParcel() {
  return useMutation({
    mutationFn: (body: QuoteRequest) => api.post('/api/parcels/quotes', { body }),
  });
}

/** Confirms a quote's service: the parcel (Pending, or In Review when a supervisor must approve). */
export function useConfirmParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/parcels', 'post'>) => api.post('/api/parcels', { body }),
    onSuccess: (parcel) => {
      queryClient.setQueryData(parcelKeys.detail(parcel.parcel_uuid), parcel);
      void queryClient.invalidateQueries({ queryKey: parcelKeys.list });
      // The price is held on the balance.
      void queryClient.invalidateQueries({ queryKey: ['finances'] });
    },
  });
}

/** The booking form as saved (decision 0034): GET/PUT/DELETE /api/parcels/draft. */
export type ParcelDraft = ApiBody<'/api/parcels/draft', 'put'>;

/** The member's saved booking form, read once when the form opens (not refetched under it). */
export function useParcelDraft() {
  return useQuery({
    queryKey: parcelKeys.draft,
    queryFn: ({ signal }) => api.get('/api/parcels/draft', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export const saveParcelDraft = (draft: ParcelDraft) => api.put('/api/parcels/draft', { body: draft });
export const discardParcelDraft = () => api.delete('/api/parcels/draft');

/** Voids a booked label (decision 0034): the parcel, Cancelled and refunded, or the reason why not. */
export function useVoidParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/parcels/{id}/void', { params: { id } }),
    onSuccess: (parcel) => {
      void queryClient.invalidateQueries({ queryKey: parcelKeys.detail(parcel.parcel_uuid) });
      void queryClient.invalidateQueries({ queryKey: parcelKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['finances'] });
    },
  });
}

/** A failed void for people: the carrier's or the server's reason (scanned already, ...), else the generic text. */
export function voidFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if ((isApiError(error, 409) || isApiError(error, 503)) && error.message) return error.message;
  return MESSAGES.genericError;
}

/** The tracking of a shipment, newest point first. */
export function useTracking(carrier: string, shipmentId: string) {
  return useQuery({
    queryKey: parcelKeys.track(carrier, shipmentId),
    queryFn: ({ signal }) =>
      api.get('/api/parcels/track/{carrier}/{shipmentId}', { params: { carrier, shipmentId }, signal }),
    enabled: !!carrier && !!shipmentId,
    placeholderData: keepPreviousData,
  });
}

/** The company's customers matching the text, for the recipient step's picker (under 'customers'). */
export function useCustomerPick(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: ['customers', 'parcel-pick', term] as const,
    queryFn: ({ signal }) => {
      return api.get('/api/customers', { query: { page: 0, limit: '10', search: term || undefined }, signal });
    },
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.rows,
  });
}

/** The label's bytes, or null while the carrier is still making it (204). Throws an ApiError on failure. */
export async function fetchLabel(id: string, download = false): Promise<Blob | null> {
  const blob = await apiGetForBlob('/api/parcels/{id}/label', {
    params: { id },
    query: download ? { download: '1' } : {},
  });
  return blob.size === 0 ? null : blob;
}

/** A failed quote for people: the server's words for a 4xx that has them, else the spec's confirm message. */
export function quoteFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error, 422)) return PARCEL_MESSAGES.confirmError;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message !== MESSAGES.genericError)
    return error.message;
  return PARCEL_MESSAGES.confirmError;
}

/**
 * A failed confirmation: the server's message when the balance (or the cap) is short, the quote
 * expired or the service became unavailable; otherwise the spec's confirm message.
 */
export function confirmFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if ((isApiError(error, 402) || isApiError(error, 409) || isApiError(error, 410)) && error.message)
    return error.message;
  return PARCEL_MESSAGES.confirmError;
}

/** A failed parcels read for people. */
export function parcelFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  return MESSAGES.genericError;
}
