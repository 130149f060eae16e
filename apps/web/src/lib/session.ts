import type { PermissionsByKind } from '@lp/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, isApiError, resetCsrfToken } from './api';

/** The signed-in user, account and abilities, as GET /api/me answers. */
export interface Me {
  user: {
    id: string;
    name: string;
    firstName: string;
    email: string;
    jobTitle: string;
    phoneNumber: string;
    roles: string[];
    permissions: PermissionsByKind;
    acceptedInvite: boolean;
    firstTime: boolean;
  };
  account: {
    id: string;
    name: string;
    currentPlan: string;
    planPrice: number;
    health: { status: string; reason: string | null };
    valid: boolean;
    restrictBalance: boolean;
  };
  abilities: string[];
}

export const meQueryKey = ['me'] as const;

/** The session, or null when signed out (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', signal ? { signal } : {});
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** The current session: `data` is the Me record, null when signed out, undefined while loading. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
}

/** The cached session without subscribing (null when signed out or not loaded). */
export function currentMe(queryClient: QueryClient): Me | null {
  return queryClient.getQueryData<Me | null>(meQueryKey) ?? null;
}

/** Stores a new session after sign-in, sign-up or invitation acceptance, dropping any other user's data. */
export function startSession(queryClient: QueryClient, me: Me): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, me);
}

/** Forgets the session and every cached answer (sign-out or a lost session). */
export function endSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(meQueryKey, null);
  resetCsrfToken();
}
