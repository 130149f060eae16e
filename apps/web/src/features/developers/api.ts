import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api } from '../../lib/api';

/** A key as the company sees it (never its secret). */
export type ApiKey = ApiResponse<'/api/api-keys'>['keys'][number];
export type NewApiKey = ApiBody<'/api/api-keys', 'post'>;

export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.get('/api/api-keys', { signal }),
    enabled,
  });
}

/** Makes a key; the answer holds its secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => api.post('/api/api-keys', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/api-keys/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
