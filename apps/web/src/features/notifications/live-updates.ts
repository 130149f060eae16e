import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isApiError } from '../../lib/api';
import { type Me, meQueryKey } from '../../lib/session';
import { liveStreamSupported, mergeNotificationGroup, notificationKeys } from './api';
import { type NotificationStream, type NotificationStreamOptions, openNotificationStream } from './notification-stream';

/**
 * Refetches (or marks stale) every cached query whose key starts with one of the entities a `refresh`
 * names (users, departments, notifications, me): each list's query key starts with its entity's name.
 */
export function invalidateEntities(queryClient: QueryClient, entities: readonly string[]): Promise<void> {
  const wanted = new Set(entities);
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && wanted.has(q.queryKey[0]),
  });
}

const sessionCheckKey = ['session-check'] as const;

/**
 * Asks /api/me whether the session still holds. Fetched through the QueryClient so that a 401 takes
 * the app's lost-session path (its QueryCache ends the session and goes to the root).
 */
export async function checkSession(queryClient: QueryClient): Promise<void> {
  try {
    const me = await queryClient.fetchQuery({
      queryKey: sessionCheckKey,
      queryFn: ({ signal }) => api.get('/api/me', { signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    });
    queryClient.setQueryData<Me>(meQueryKey, me);
  } catch (error) {
    // A 401 has been handled by the QueryCache; anything else is only logged (part 1 section 8).
    if (!isApiError(error, 401)) console.warn('notification stream: session check failed', error);
  }
}

export type LiveUpdatesOptions = Pick<
  NotificationStreamOptions,
  'createEventSource' | 'watchdogMs' | 'beacon' | 'pageEvents'
>;

/** Connects the notification stream to the data cache (part 2 section 4, "Notification stream"). */
export function connectLiveUpdates(queryClient: QueryClient, options: LiveUpdatesOptions = {}): NotificationStream {
  return openNotificationStream({
    ...options,
    onNotifications: (group) => {
      mergeNotificationGroup(queryClient, group);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onRefresh: (entities) => void invalidateEntities(queryClient, entities),
    onSessionExpired: () => void checkSession(queryClient),
    onDropped: () => void checkSession(queryClient),
    onStopped: () => console.warn('notification stream: permission denied, no longer listening'),
  });
}

let current: NotificationStream | null = null;

/** Closes the live stream now (sign-out closes it before the session ends on the server). */
export function closeLiveUpdates(): void {
  current?.close();
  current = null;
}

/** Keeps the live stream open while the signed-in shell is shown. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!liveStreamSupported()) return;
    const stream = connectLiveUpdates(queryClient);
    current = stream;
    return () => {
      stream.close();
      if (current === stream) current = null;
    };
  }, [queryClient]);
}
