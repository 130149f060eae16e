import { BALANCE_REFETCH_MS, MESSAGES, type TransactionType } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listUrl } from '../../components/data-table/query';
import type { DataTableParams, DataTableResult } from '../../components/data-table/types';
import { api, isApiError } from '../../lib/api';
import { meQueryKey } from '../../lib/session';
import { clearCreditingHint, creditingHintActive, useCreditingHint } from './crediting';

/** GET /api/finances/balance (pence). `crediting`: a card top-up is confirmed but not credited yet. */
export interface Balance {
  balance: number;
  held: number;
  available: number;
  crediting: boolean;
}

/** A ledger entry of GET /api/finances/transactions (pence, signed: credits positive). */
export interface Transaction {
  id: string;
  date: string;
  type: TransactionType | string;
  type_label?: string;
  amount: number;
  held_delta: number;
  balance_after: number;
  user_name: string | null;
  user_email: string | null;
  description: string | null;
  service_uuid: string | null;
  reference: string | null;
  has_receipt: boolean;
}

/** A member's row of GET /api/finances/spending-caps (pence; a cap of 0 is Unlimited). */
export interface MemberCap {
  user_id: string;
  user_name: string;
  email: string;
  cap: number;
  override_cap: number;
  amount_spent: number;
  is_owner: boolean;
  is_self: boolean;
}

export interface SpendingCapList {
  month: string;
  rows: MemberCap[];
}

/** GET /api/finances/top-up: how the company pays (card provider and bank transfer details). */
export interface TopUpConfig {
  provider: 'sandbox' | 'stripe';
  publishable_key: string | null;
  min_amount: number;
  max_amount: number;
  bank: { account_name: string; sort_code: string; account_number: string; reference: string };
}

/** POST /api/finances/intent. */
export interface PaymentIntentAnswer {
  payment_intent_id: string;
  client_secret: string;
  amount: number;
}

/** POST /api/finances/topup. */
export interface TopUpAnswer {
  status: 'credited' | 'processing';
  message: string;
  balance: number;
}

/** Every finances query starts with 'finances', so a `refresh` naming finances refetches them all. */
export const financeKeys = {
  all: ['finances'] as const,
  balance: ['finances', 'balance'] as const,
  transactions: ['finances', 'transactions'] as const,
  spendingCaps: ['finances', 'spending-caps'] as const,
  topUp: ['finances', 'top-up'] as const,
};

export const receiptUrl = (id: string) => `/api/finances/transactions/${encodeURIComponent(id)}/receipt`;

export const fetchTransactions = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<DataTableResult<Transaction>>(listUrl('/api/finances/transactions', params), { signal });

/**
 * The company's balance. Refetched every BALANCE_REFETCH_MS while a top-up is being credited (the
 * answer's `crediting`, or a top-up just answered "processing"), otherwise only when asked.
 */
export function useBalance(enabled = true) {
  const hint = useCreditingHint();
  const query = useQuery({
    queryKey: financeKeys.balance,
    queryFn: ({ signal }) => api.get<Balance>('/api/finances/balance', { signal }),
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
    queryFn: ({ signal }) => api.get<SpendingCapList>('/api/finances/spending-caps', { signal }),
    enabled,
  });
}

export function useTopUpConfig(enabled = true) {
  return useQuery({
    queryKey: financeKeys.topUp,
    queryFn: ({ signal }) => api.get<TopUpConfig>('/api/finances/top-up', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export const createPaymentIntent = (amount: number, paymentMethodId: string) =>
  api.post<PaymentIntentAnswer>('/api/finances/intent', { amount, payment_method_id: paymentMethodId });

export const confirmTopUp = (paymentIntentId: string) =>
  api.post<TopUpAnswer>('/api/finances/topup', { payment_intent_id: paymentIntentId });

/** The owner's "Only finance admins see the balance" switch. */
export function useRestrictBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restrict: boolean) =>
      api.put<{ restrict_balance_to_finance_admins: boolean; message: string }>('/api/accounts/settings/balance', {
        restrict_balance_to_finance_admins: restrict,
      }),
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
