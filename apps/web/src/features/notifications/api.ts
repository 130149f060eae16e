import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api } from '../../lib/api';

/** The notifications of one sender (part 2 section 3, "Notification group"), as GET /api/notifications and the stream send them. */
export type NotificationGroup = ApiResponse<'/api/notifications'>['groups'][number];

/** A notification as the panel shows it. */
export type NotificationDetail = NotificationGroup['details'][number];

/** The approval a notification asks a supervisor for (part 1 section 3, "Approval"). */
export type NotificationApproval = NonNullable<NotificationDetail['approval']>;

/** GET /api/notifications/count: the bell's number. */
type NotificationCount = ApiResponse<'/api/notifications/count'>;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
};

/** True when the browser can hold the live stream; without it the bell polls every 30 s. */
export function liveStreamSupported(): boolean {
  return typeof EventSource !== 'undefined';
}

/** The bell's number: fetched once, then kept current by the live stream (polled only without one). */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => api.get('/api/notifications/count', { signal }),
    select: (d) => d.count,
    refetchInterval: liveStreamSupported() ? false : 30_000,
  });
}

/** The panel's groups (one per sender), asked for only when the bell counts some. */
export function useNotificationGroups(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    enabled,
    queryFn: async ({ signal }) => (await api.get('/api/notifications', { signal })).groups,
  });
}

/**
 * Adds a live `notifications` message to the cached panel (merged into its sender's group, without
 * repeating an id) and bumps the bell's count by the notifications that were new.
 */
export function mergeNotificationGroup(queryClient: QueryClient, incoming: NotificationGroup): void {
  let added = incoming.details.length;
  queryClient.setQueryData<NotificationGroup[]>(notificationKeys.list, (groups) => {
    if (!groups) return groups;
    const known = new Set(groups.flatMap((g) => g.details.map((d) => d.id)));
    const fresh = incoming.details.filter((d) => !known.has(d.id));
    added = fresh.length;
    if (fresh.length === 0) return groups;
    const index = groups.findIndex((g) => g.from === incoming.from);
    if (index < 0) return [{ from: incoming.from, details: fresh }, ...groups];
    return groups.map((g, i) => (i === index ? { from: g.from, details: [...fresh, ...g.details] } : g));
  });
  if (added > 0) {
    queryClient.setQueryData<NotificationCount>(notificationKeys.count, (d) => (d ? { count: d.count + added } : d));
  }
}

/** Clears one notification (by id) or all of them (no id). */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id ? api.delete('/api/notifications/{id}', { params: { id } }) : api.delete('/api/notifications'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** The body of POST /api/approvals/decide. */
export type DecideBody = ApiBody<'/api/approvals/decide', 'post'>;
export type Verdict = DecideBody['verdict'];

/** A supervisor's decision on an approval request (POST /api/approvals/decide). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideBody) => api.post('/api/approvals/decide', { body: input }),
    onSettled: async () => {
      // Approving runs the task (an invitation, an edit): the lists it touches may have changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['departments'] }),
      ]);
    },
  });
}
