import type { ConfirmSplitBody, SplitProposal, SplitStatus } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { letterKeys } from './keys';

// The split's request and answer types come from @lp/domain, where the server's route schemas live.

/** GET /api/letters/{id}/split. */
export interface SplitAnswer {
  uuid: string;
  split_status: Exclude<SplitStatus, null> | null;
  proposal: SplitProposal | null;
}

const path = (id: string, rest = '') => `/api/letters/${encodeURIComponent(id)}/split${rest}`;
/** Under 'letters', so a live refresh of the letters refetches it. */
export const splitKey = (id: string) => [...letterKeys.all, 'split', id] as const;

/** The proposed cut points of a merged letter (while the review is open). */
export function useSplitProposal(id: string, enabled: boolean) {
  return useQuery({
    queryKey: splitKey(id),
    queryFn: ({ signal }) => api.get<SplitAnswer>(path(id), { signal }),
    enabled,
  });
}

/** Split: the server looks for the letters (a job); the proposal follows. */
export function useRequestSplit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ uuid: string; split_status: 'proposing' }>(path(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}

/** Confirms the first page of every letter; the server cuts the file (a job). */
export function useConfirmSplit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (starts: number[]) =>
      api.post<{ uuid: string; split_status: 'splitting'; starts: number[] }>(path(id, '/confirm'), {
        starts,
      } satisfies ConfirmSplitBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.all }),
  });
}
