import type { ConfirmSplitBody } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '../../lib/api';
import { letterKeys } from './keys';

/** GET /api/letters/{id}/split. */
export type SplitAnswer = ApiResponse<'/api/letters/{id}/split'>;
/** Under 'letters', so a live refresh of the letters refetches it. */
export const splitKey = (id: string) => [...letterKeys.all, 'split', id] as const;

/** The proposed cut points of a merged letter (while the review is open). */
export function useSplitProposal(id: string, enabled: boolean) {
  return useQuery({
    queryKey: splitKey(id),
    queryFn: ({ signal }) => api.get('/api/letters/{id}/split', { params: { id }, signal }),
    enabled,
  });
}

/** Split: the server looks for the letters (a job); the proposal follows. */
export function useRequestSplit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/letters/{id}/split', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}

/** Confirms the first page of every letter; the server cuts the file (a job). */
export function useConfirmSplit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (starts: number[]) =>
      api.post('/api/letters/{id}/split/confirm', { params: { id }, body: { starts } satisfies ConfirmSplitBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}
