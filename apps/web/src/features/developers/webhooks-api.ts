import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api } from '../../lib/api';

/** An endpoint as the company sees it (never its secret). */
export type WebhookEndpoint = ApiResponse<'/api/webhooks'>['endpoints'][number];
export type WebhookAttempt = ApiResponse<'/api/webhooks/{id}/attempts'>['attempts'][number];
export type NewWebhookEndpoint = ApiBody<'/api/webhooks', 'post'>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  attempts: (id: string) => ['webhooks', id, 'attempts'] as const,
};

export function useWebhookEndpoints(enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get('/api/webhooks', { signal }),
    enabled,
  });
}

/** Registers an endpoint; the answer holds its signing secret, shown once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhookEndpoint) => api.post('/api/webhooks', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/webhooks/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useEnableWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/webhooks/{id}/enable', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** An endpoint's attempt log, newest first, a page at a time. */
export function useWebhookAttempts(id: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.attempts(id),
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/webhooks/{id}/attempts', {
        params: { id },
        query: pageParam ? { before: pageParam, limit: 50 } : { limit: 50 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
}

export function useResendWebhook(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post('/api/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { id: endpointId, deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.attempts(endpointId) }),
  });
}
