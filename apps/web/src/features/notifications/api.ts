import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A notification as the panel shows it (part 2 section 3, "Notification group"). */
export interface NotificationDetail {
  id: string;
  description: string;
  highlight?: boolean;
  approval?: { approval_id: string; entity_type: string; entity_id: string; supervised_user: string } | null;
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

/** The bell's number, refreshed every 30 s until the live stream replaces polling. */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => api.get<{ count: number }>('/api/notifications/count', { signal }),
    select: (d) => d.count,
    refetchInterval: 30_000,
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

/** Clears one notification (by id) or all of them (no id). */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      api.delete<void>(id ? `/api/notifications/${encodeURIComponent(id)}` : '/api/notifications'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
