import {
  type ChannelState,
  DELIVERY_MESSAGES,
  type DeliverRequest,
  type DeliveryChannel,
  type DeliveryState,
  MESSAGES,
} from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { letterKeys } from './keys';

/** The letter delivery calls (decision 0016, "API contract"). */

export interface QuoteChannel {
  channel: DeliveryChannel;
  pence: number;
  lines: { label: string; pence: number }[];
}

export interface DeliveryQuote {
  channels: QuoteChannel[];
  total_pence: number;
  available_pence: number | null;
  available_after_pence: number | null;
  mail: { disabled: boolean; reason: string | null; is_premium: boolean; is_colour: boolean };
  email_kind: 'attachment' | 'link';
  /** The letter's customer: the form pre-fills their email and mobile number. */
  customer?: QuoteCustomer | null;
}

export interface QuoteCustomer {
  customer_uuid: string;
  recipient: string;
  email: string | null;
  phone: string | null;
  communications_preference: string[];
}

export interface DeliverAnswer {
  uuid: string;
  delivery_id: string;
  state: 'sending' | 'scheduled' | 'in_review';
  status: string;
  message: string;
  total_pence: number;
  scheduled_for: string | null;
}

export interface BulkDeliverRequest {
  uuids: string[];
  preference_overrides: ('mail' | 'cloud_link')[];
  is_premium?: boolean;
  is_colour?: boolean;
  scheduled_delivery_date_time?: number | null;
}

export interface BulkDeliverAnswer {
  results: { uuid: string; ok: boolean; status: string | null; message: string }[];
}

export interface DeliveryChannelRow {
  channel: DeliveryChannel;
  state: ChannelState;
  price_pence: number;
  reason: string | null;
  provider_status: string | null;
  recipient: string | null;
  cloud_link: null | {
    /** Null once revoked (it no longer opens); absent from an older server. */
    url?: string | null;
    expires_at: string;
    first_opened_at: string | null;
    open_count: number;
    /** When the sender revoked it; absent from an older server. */
    revoked_at?: string | null;
  };
}

export interface LetterDelivery {
  delivery_channels: string[];
  successful_delivery_channels: string[];
  unsuccessful_delivery_channels: string[];
  delivered_on: string | null;
  has_been_posted: boolean;
  delivery: null | {
    id: string;
    state: DeliveryState;
    scheduled_for: string | null;
    total_pence: number;
    created_at: string;
    requested_by: { name: string; email: string } | null;
    channels: DeliveryChannelRow[];
  };
}

export interface HistoryRow {
  status: string;
  reason: string | null;
  at: string;
}

const path = (id: string, rest: string) => `/api/letters/${encodeURIComponent(id)}${rest}`;

/** Page 1 as it will be printed: the barcode in its clear zone and the envelope window outlined (with the letterhead chosen). */
export const letterProofUrl = (id: string, letterhead?: { kind: string; placement: string } | null) =>
  path(
    id,
    letterhead
      ? `/proof?letterhead=${encodeURIComponent(letterhead.kind)}&letterhead_placement=${encodeURIComponent(letterhead.placement)}`
      : '/proof',
  );

/** The company's letterheads (kinds only), to offer one when delivering; a 404 is none. */
export function useLetterheadKinds(enabled: boolean) {
  return useQuery({
    queryKey: ['letterheads', 'kinds'],
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<{ letterheads: { kind: 'primary' | 'secondary' }[] }>('/api/letterheads', {
          signal,
        });
        return answer.letterheads.map((l) => l.kind);
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403)) return [];
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The price of a delivery request, and the company's defaults (mail options, email kind); null
 * body: none asked. `letterState` (the letter's status and fixes) is part of the key, so a letter
 * that changes (an address fixed, mail now open) is quoted again at once.
 */
export function useDeliveryQuote(body: DeliverRequest | null, letterState = '') {
  const key = body ? `${JSON.stringify(body)}|${letterState}` : '';
  return useQuery({
    queryKey: letterKeys.quote(key),
    queryFn: async ({ signal }) => {
      const answer = await api.post<DeliveryQuote>('/api/letters/deliver/quote', body, { signal });
      // Only a whole answer is shown (an older server, or a proxy page, gives no price).
      if (!Array.isArray(answer?.channels) || typeof answer.total_pence !== 'number' || !answer.mail)
        throw new Error('The quote answer is not complete.');
      return answer;
    },
    enabled: body !== null,
    retry: false,
    staleTime: 30_000,
    // The last price stays (dimmed) while the next is asked.
    placeholderData: keepPreviousData,
  });
}

function useInvalidateLetters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: letterKeys.all });
}

export function useDeliverLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverRequest) => api.post<DeliverAnswer>('/api/letters/deliver', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: letterKeys.all });
      // The balance after changed.
      void queryClient.invalidateQueries({ queryKey: letterKeys.quotes });
    },
  });
}

export function useBulkDeliver() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (body: BulkDeliverRequest) => api.post<BulkDeliverAnswer>('/api/letters/deliver/bulk', body),
    onSettled: () => {
      void invalidate();
    },
  });
}

export function useCancelDelivery() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.post<{ uuid: string; status: string }>('/api/letters/cancel', { document_uuid: uuid }),
    onSettled: () => {
      void invalidate();
    },
  });
}

export interface RevokeCloudLinksAnswer {
  uuid: string;
  /** How many links were ended (0: none was live any more). */
  revoked: number;
  message: string;
}

/** Revokes every live link to the letter (DELETE /api/letters/:id/cloud-link); each then answers as an unknown link. */
export function useRevokeCloudLinks() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (uuid: string) => api.delete<RevokeCloudLinksAnswer>(path(uuid, '/cloud-link')),
    onSettled: () => {
      void invalidate();
    },
  });
}

/** The letter's delivery: its channels with their states, prices and reasons (refreshed live with the letters). */
export function useLetterDelivery(id: string, enabled = true) {
  return useQuery({
    queryKey: letterKeys.delivery(id),
    queryFn: ({ signal }) => api.get<LetterDelivery>(path(id, '/delivery'), { signal }),
    enabled,
    retry: false,
  });
}

/** Every status the letter went through, oldest first. */
export function useLetterHistory(id: string, enabled = true) {
  return useQuery({
    queryKey: letterKeys.history(id),
    queryFn: ({ signal }) => api.get<{ rows: HistoryRow[] }>(path(id, '/history'), { signal }),
    enabled,
    retry: false,
    select: (answer) => answer.rows,
  });
}

/** The server's words for a failed delivery call: its own 4xx message, "Permission denied" for 401, else the generic text. */
export function deliveryFailureDetail(error: unknown): string {
  if (isApiError(error, 401)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}

/** "Failed to deliver letter! ..." (or to schedule, cancel, or revoke a link) with the server's words. */
export function deliveryFailureMessage(kind: 'deliver' | 'schedule' | 'cancel' | 'revoke', error: unknown): string {
  const head =
    kind === 'deliver'
      ? DELIVERY_MESSAGES.deliverFailed
      : kind === 'schedule'
        ? DELIVERY_MESSAGES.scheduleFailed
        : kind === 'cancel'
          ? DELIVERY_MESSAGES.cancelFailed
          : DELIVERY_MESSAGES.revokeFailed;
  return `${head} ${deliveryFailureDetail(error)}`;
}
