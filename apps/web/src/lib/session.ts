import type { Me } from '@lp/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, isApiError, resetCsrfToken } from './api';

/** The signed-in user, account and abilities, as GET /api/me answers: the type of the server's schema (@lp/domain identity-api.ts). */
export type { Me };

export const meQueryKey = ['me'] as const;

/** The session, or null when signed out (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get('/api/me', signal ? { signal } : {});
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
  if (me.user.firstTime) rememberFirstRun(me.user.id);
}

// Only the first sign-in's answer says first_time (the server sets it false at once), and /api/me
// is read again often (stale after a minute, after a plan change...): the tab keeps the fact until
// the welcome is dismissed or the session ends.
const FIRST_RUN_KEY = 'lp.firstRun';

function rememberFirstRun(userId: string): void {
  try {
    sessionStorage.setItem(FIRST_RUN_KEY, userId);
  } catch {
    // No storage (private mode): the cached answer alone carries it.
  }
}

/** True while the user's first-run welcome is due: their first sign-in's answer, until dismissed. */
export function isFirstRun(me: Me): boolean {
  if (me.user.firstTime) return true;
  try {
    return sessionStorage.getItem(FIRST_RUN_KEY) === me.user.id;
  } catch {
    return false;
  }
}

/** The first-run welcome has been seen: not again. */
export function endFirstRun(queryClient: QueryClient): void {
  try {
    sessionStorage.removeItem(FIRST_RUN_KEY);
  } catch {
    // Nothing stored.
  }
  queryClient.setQueryData<Me | null>(meQueryKey, (current) =>
    current ? { ...current, user: { ...current.user, firstTime: false } } : current,
  );
}

/** Forgets the session and every cached answer (sign-out or a lost session). */
export function endSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(meQueryKey, null);
  try {
    sessionStorage.removeItem(FIRST_RUN_KEY);
  } catch {
    // Nothing stored.
  }
  resetCsrfToken();
}
