import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The approval a notification asks a supervisor for (part 1 section 3, "Approval"). */
export interface NotificationApproval {
  approval_id: string;
  entity_type: string;
  entity_id: string;
  supervised_user: string;
}

/** A notification as the panel shows it (part 2 section 3, "Notification group"). */
export interface NotificationDetail {
  id: string;
  description: string;
  highlight?: boolean;
  approval?: NotificationApproval | null;
}

export interface NotificationGroup {
  from: string;
  details: NotificationDetail[];
}

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
    queryFn: ({ signal }) => api.get<{ count: number }>('/api/notifications/count', { signal }),
    select: (d) => d.count,
    refetchInterval: liveStreamSupported() ? false : 30_000,
  });
}

/** The panel's groups (one per sender), asked for only when the bell counts some. */
export function useNotificationGroups(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ groups: NotificationGroup[] }>('/api/notifications', { signal })).groups,
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
    queryClient.setQueryData<{ count: number }>(notificationKeys.count, (d) => (d ? { count: d.count + added } : d));
  }
}

/** Clears one notification (by id) or all of them (no id). */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      api.delete<void>(id ? `/api/notifications/${encodeURIComponent(id)}` : '/api/notifications'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export type Verdict = 'approve' | 'deny';

/** A supervisor's decision on an approval request (POST /api/approvals/decide). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { approval_id: string; verdict: Verdict }) =>
      api.post<{ approval_id: string; verdict: Verdict; status: string }>('/api/approvals/decide', input),
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
