import { BALANCE_REFETCH_MS, MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listSearchParams } from '../../components/data-table/query';
import type { DataTableParams } from '../../components/data-table/types';
import { type ApiResponse, api, apiUrl, isApiError } from '../../lib/api';
import { meQueryKey } from '../../lib/session';
import { clearCreditingHint, creditingHintActive, useCreditingHint } from './crediting';

/** GET /api/finances/balance (pence). `crediting`: a card top-up is confirmed but not credited yet. */
export type Balance = ApiResponse<'/api/finances/balance'>;

/** A ledger entry of GET /api/finances/transactions (pence, signed: credits positive). */
export type Transaction = ApiResponse<'/api/finances/transactions'>['rows'][number];

/** GET /api/finances/spending-caps: the month and every member's row. */
export type SpendingCapList = ApiResponse<'/api/finances/spending-caps'>;

/** A member's row of GET /api/finances/spending-caps (pence; a cap of 0 is Unlimited). */
export type MemberCap = SpendingCapList['rows'][number];

/** GET /api/finances/top-up: how the company pays (card provider and bank transfer details). */
export type TopUpConfig = ApiResponse<'/api/finances/top-up'>;

/** POST /api/finances/intent. */
export type PaymentIntentAnswer = ApiResponse<'/api/finances/intent', 'post'>;

/** POST /api/finances/topup. */
export type TopUpAnswer = ApiResponse<'/api/finances/topup', 'post'>;

/** Every finances query starts with 'finances', so a `refresh` naming finances refetches them all. */
export const financeKeys = {
  all: ['finances'] as const,
  balance: ['finances', 'balance'] as const,
  transactions: ['finances', 'transactions'] as const,
  spendingCaps: ['finances', 'spending-caps'] as const,
  topUp: ['finances', 'top-up'] as const,
};

export const receiptUrl = (id: string) => apiUrl('/api/finances/transactions/{id}/receipt', { params: { id } });

export const fetchTransactions = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/finances/transactions', { query: listSearchParams(params), signal });

/**
 * The company's balance. Refetched every BALANCE_REFETCH_MS while a top-up is being credited (the
 * answer's `crediting`, or a top-up just answered "processing"), otherwise only when asked.
 */
export function useBalance(enabled = true) {
  const hint = useCreditingHint();
  const query = useQuery({
    queryKey: financeKeys.balance,
    queryFn: ({ signal }) => api.get('/api/finances/balance', { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data?.crediting || creditingHintActive() ? BALANCE_REFETCH_MS : false),
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    // A balance read after the top-up that is no longer crediting and has grown: the money arrived.
    if (hint && data && !data.crediting && dataUpdatedAt > hint.since && data.balance > hint.balance) {
      clearCreditingHint();
    }
  }, [hint, data, dataUpdatedAt]);
  return query;
}

export function useSpendingCaps(enabled = true) {
  return useQuery({
    queryKey: financeKeys.spendingCaps,
    queryFn: ({ signal }) => api.get('/api/finances/spending-caps', { signal }),
    enabled,
  });
}

export function useTopUpConfig(enabled = true) {
  return useQuery({
    queryKey: financeKeys.topUp,
    queryFn: ({ signal }) => api.get('/api/finances/top-up', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export const createPaymentIntent = (amount: number, paymentMethodId: string) =>
  api.post('/api/finances/intent', { body: { amount, payment_method_id: paymentMethodId } });

export const confirmTopUp = (paymentIntentId: string) =>
  api.post('/api/finances/topup', { body: { payment_intent_id: paymentIntentId } });

/** The owner's "Only finance admins see the balance" switch. */
export function useRestrictBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restrict: boolean) =>
      api.put('/api/accounts/settings/balance', { body: { restrict_balance_to_finance_admins: restrict } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
      ]),
  });
}

/** The server's own words for a refused call (4xx), else the generic message; 401/403 are "Permission denied". */
export function serverMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
