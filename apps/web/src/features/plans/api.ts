import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** A plan of GET /api/plans: price in pence, or "Call" for a plan priced on request. */
export type PlanOffer = ApiResponse<'/api/plans'>[number];

/** GET /api/plans/current (pence; `owed` is an unpaid plan fee, else 0). */
export type CurrentPlan = ApiResponse<'/api/plans/current'>;

/** PUT /api/plans: Enterprise answers `changed: false` with an info message. */
export type PlanChangeAnswer = ApiResponse<'/api/plans', 'put'>;

/** Every plans query starts with 'plans'. */
export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  current: ['plans', 'current'] as const,
};

export function usePlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: ({ signal }) => api.get('/api/plans', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCurrentPlan() {
  return useQuery({
    queryKey: planKeys.current,
    queryFn: ({ signal }) => api.get('/api/plans/current', { signal }),
  });
}

/** Changes the plan; once changed, the session (plan, health), the finances and the plans are refetched. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: string) => api.put('/api/plans', { body: { plan } }),
    onSuccess: (answer) => {
      if (!answer.changed) return;
      return Promise.all(
        [meQueryKey, ['finances'], planKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
