import {
  MESSAGES,
  PARCEL_MESSAGES,
  type ParcelDetails,
  type ParcelParty,
  type ParcelStatus,
  TRACKING_LABELS,
  type TrackingStatus,
} from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, type DataTableResult, listUrl } from '../../components/data-table';
import { api, apiGetForBlob, isApiError } from '../../lib/api';

/**
 * The parcels API (decision 0019). The types follow the contract written there; every query key
 * starts with 'parcels', so the server's live refresh naming parcels refetches the list, the open
 * parcel and the tracking page.
 */

/** A sender or recipient as the API sends and answers it (`parcelPartySchema`). */
export interface ParcelPartyDto {
  name: string;
  phoneNumber: string;
  email?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  addressLine3?: string | null;
  town: string;
  county: string;
  postcode: string;
}

/** A parcel as GET /api/parcels lists it and GET /api/parcels/:id answers it. */
export interface Parcel {
  parcel_uuid: string;
  /** The carrier's tracking number; null until booked. */
  shipment_id: string | null;
  status: ParcelStatus;
  status_colour?: string;
  sender_email: string | null;
  sender: ParcelPartyDto;
  recipient: ParcelPartyDto;
  pickup_address: string;
  destination_address: string;
  /** yyyy-MM-dd. */
  collection_date: string;
  /** Pounds. */
  goods_value: number;
  goods_description: string | null;
  delivery_notes: string | null;
  carrier_name: string;
  /** The carrier's name as the track route takes it (royal-mail); derived from the name when absent. */
  carrier_slug?: string;
  service_name: string;
  length: number;
  width: number;
  height: number;
  weight: number;
  /** Pence. */
  cost: number;
  cost_text: string;
  tracking_status: TrackingStatus | string | null;
  tracking_label: string | null;
  label_ready: boolean;
  failure_reason: string | null;
  customer_uuid: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ParcelHistoryRow {
  status: string;
  reason?: string | null;
  at?: string;
  created_at?: string;
}

/** A tracking event: when, the carrier's words and the (unified) tracking status. */
export interface TrackingPoint {
  time: string;
  carrier_message: string;
  status: TrackingStatus | string;
}

export interface ParcelDetail extends Parcel {
  history?: ParcelHistoryRow[];
  tracking?: TrackingPoint[];
}

/** A preset of GET /api/parcels/defaults: Small, Medium, Large (builtin) or the company's own (with its id). */
export interface ParcelPresetRow {
  id?: string;
  name: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  builtin: boolean;
}

export interface CarrierInfo {
  name: string;
  logo: string;
  cover_text: string;
}

export interface ParcelDefaults {
  sender: ParcelPartyDto | null;
  presets: ParcelPresetRow[];
  carriers: CarrierInfo[];
}

/** One service of one carrier for this parcel: priced, or refused with the reason. */
export interface QuoteRow {
  service: string;
  carrier: string;
  service_name: string;
  service_description: string;
  /** Pence; null when unavailable. */
  cost: number | null;
  cost_text: string | null;
  logo: string;
  cover_text: string;
  available: boolean;
  reason: string | null;
}

export interface QuoteAnswer {
  quote_id: string;
  expires_at: string;
  rows: QuoteRow[];
}

export interface QuoteRequest {
  sender: ParcelParty;
  recipient: ParcelParty;
  details: ParcelDetails;
  customer_uuid?: string;
}

export interface TrackingAnswer {
  parcel_uuid: string;
  carrier_name: string;
  shipment_id: string;
  tracking_status: TrackingStatus | string | null;
  tracking_label: string | null;
  /** Newest first. */
  points: TrackingPoint[];
}

/** A customer of GET /api/customers, as far as the recipient step uses it. */
export interface CustomerPick {
  customer_uuid: string;
  recipient: string;
  address: string;
  address_lines?: string[];
  postcode?: string | null;
  email: string | null;
  phone: string | null;
}

export const parcelKeys = {
  all: ['parcels'] as const,
  list: ['parcels', 'list'] as const,
  detail: (id: string) => ['parcels', 'detail', id] as const,
  defaults: ['parcels', 'defaults'] as const,
  track: (carrier: string, shipmentId: string) => ['parcels', 'track', carrier, shipmentId] as const,
};

const parcelPath = (id: string) => `/api/parcels/${encodeURIComponent(id)}`;

/** The label PDF (`download`: as an attachment). */
export const labelUrl = (id: string, download = false) => `${parcelPath(id)}/label${download ? '?download=1' : ''}`;

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
  api.get<DataTableResult<Parcel>>(listUrl('/api/parcels', params), { signal });

/** One parcel; the table's row is shown at once while the record loads. */
export function useParcel(id: string | null, placeholder?: Parcel) {
  return useQuery({
    queryKey: parcelKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ParcelDetail>(parcelPath(id ?? ''), { signal }),
    enabled: !!id,
    placeholderData: placeholder && placeholder.parcel_uuid === id ? placeholder : undefined,
  });
}

/** The sender's defaults, the presets and the carriers (create_parcel). */
export function useParcelDefaults(enabled = true) {
  return useQuery({
    queryKey: parcelKeys.defaults,
    queryFn: ({ signal }) => api.get<ParcelDefaults>('/api/parcels/defaults', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; weight: number; length: number; width: number; height: number }) =>
      api.post<ParcelPresetRow>('/api/parcels/presets', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: parcelKeys.defaults }),
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/parcels/presets/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: parcelKeys.defaults }),
  });
}

export function useQuoteParcel() {
  return useMutation({
    mutationFn: (body: QuoteRequest) => api.post<QuoteAnswer>('/api/parcels/quotes', body),
  });
}

/** Confirms a quote's service: the parcel (Pending, or In Review when a supervisor must approve). */
export function useConfirmParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { quote_id: string; service: string }) => api.post<Parcel>('/api/parcels', body),
    onSuccess: (parcel) => {
      queryClient.setQueryData(parcelKeys.detail(parcel.parcel_uuid), parcel);
      void queryClient.invalidateQueries({ queryKey: parcelKeys.list });
      // The price is held on the balance.
      void queryClient.invalidateQueries({ queryKey: ['finances'] });
    },
  });
}

/** The tracking of a shipment, newest point first. */
export function useTracking(carrier: string, shipmentId: string) {
  return useQuery({
    queryKey: parcelKeys.track(carrier, shipmentId),
    queryFn: ({ signal }) =>
      api.get<TrackingAnswer>(`/api/parcels/track/${encodeURIComponent(carrier)}/${encodeURIComponent(shipmentId)}`, {
        signal,
      }),
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
      const query = new URLSearchParams({ page: '0', limit: '10' });
      if (term) query.set('search', term);
      return api.get<{ rows: CustomerPick[]; count: number }>(`/api/customers?${query.toString()}`, { signal });
    },
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.rows,
  });
}

/** The label's bytes, or null while the carrier is still making it (204). Throws an ApiError on failure. */
export async function fetchLabel(id: string, download = false): Promise<Blob | null> {
  const blob = await apiGetForBlob(labelUrl(id, download));
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
