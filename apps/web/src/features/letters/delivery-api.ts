import {
  DELIVERY_MESSAGES,
  type DeliverRequest,
  type LetterheadKind,
  type LetterheadPlacement,
  MESSAGES,
} from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api, apiUrl, isApiError } from '../../lib/api';
import { letterKeys } from './keys';

/** The letter delivery calls (decision 0016, "API contract"). */

export type DeliveryQuote = ApiResponse<'/api/letters/deliver/quote', 'post'>;
export type QuoteChannel = DeliveryQuote['channels'][number];
export type QuoteCustomer = NonNullable<DeliveryQuote['customer']>;
export type DeliverAnswer = ApiResponse<'/api/letters/deliver', 'post'>;
export type BulkDeliverRequest = ApiBody<'/api/letters/deliver/bulk', 'post'>;
export type BulkDeliverAnswer = ApiResponse<'/api/letters/deliver/bulk', 'post'>;
export type LetterDelivery = ApiResponse<'/api/letters/{id}/delivery'>;
export type DeliveryChannelRow = NonNullable<LetterDelivery['delivery']>['channels'][number];
export type HistoryRow = ApiResponse<'/api/letters/{id}/history'>['rows'][number];

/** Page 1 as it will be printed: the barcode in its clear zone and the envelope window outlined (with the letterhead chosen). */
export const letterProofUrl = (
  id: string,
  letterhead?: { kind: LetterheadKind; placement: LetterheadPlacement } | null,
) =>
  apiUrl('/api/letters/{id}/proof', {
    params: { id },
    query: letterhead ? { letterhead: letterhead.kind, letterhead_placement: letterhead.placement } : {},
  });

/** The company's letterheads (kinds only), to offer one when delivering; a 404 is none. */
export function useLetterheadKinds(enabled: boolean) {
  return useQuery({
    queryKey: ['letterheads', 'kinds'],
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get('/api/letterheads', { signal });
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

/** The company's inserts (decision 0037), to choose one for a letter; none when the caller may not read them. */
export function useInserts(enabled: boolean) {
  return useQuery({
    queryKey: ['letterheads', 'inserts'],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get('/api/inserts', { signal })).inserts;
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
      const answer = await api.post('/api/letters/deliver/quote', { body: body as DeliverRequest, signal });
      // Only a whole answer is shown (a proxy's page in place of the server's gives no price).
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
    mutationFn: (body: DeliverRequest) => api.post('/api/letters/deliver', { body }),
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
    mutationFn: (body: BulkDeliverRequest) => api.post('/api/letters/deliver/bulk', { body }),
    onSettled: () => {
      void invalidate();
    },
  });
}

export function useCancelDelivery() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (uuid: string) => api.post('/api/letters/cancel', { body: { document_uuid: uuid } }),
    onSettled: () => {
      void invalidate();
    },
  });
}

export type RevokeCloudLinksAnswer = ApiResponse<'/api/letters/{id}/cloud-link', 'delete'>;

/** Revokes every live link to the letter (DELETE /api/letters/:id/cloud-link); each then answers as an unknown link. */
export function useRevokeCloudLinks() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (uuid: string) => api.delete('/api/letters/{id}/cloud-link', { params: { id: uuid } }),
    onSettled: () => {
      void invalidate();
    },
  });
}

/** The letter's delivery: its channels with their states, prices and reasons (refreshed live with the letters). */
export function useLetterDelivery(id: string, enabled = true) {
  return useQuery({
    queryKey: letterKeys.delivery(id),
    queryFn: ({ signal }) => api.get('/api/letters/{id}/delivery', { params: { id }, signal }),
    enabled,
    retry: false,
  });
}

/** Every status the letter went through, oldest first. */
export function useLetterHistory(id: string, enabled = true) {
  return useQuery({
    queryKey: letterKeys.history(id),
    queryFn: ({ signal }) => api.get('/api/letters/{id}/history', { params: { id }, signal }),
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
