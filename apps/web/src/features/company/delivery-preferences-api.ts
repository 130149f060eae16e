import type { DeliveryPreferences } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** GET /api/accounts/settings/letters: the company's delivery preferences, in both representations. */
export type LetterSettings = ApiResponse<'/api/accounts/settings/letters'>;

/** PUT /api/accounts/settings/letters answers the saved settings with the server's message. */
export type LetterSettingsSaved = ApiResponse<'/api/accounts/settings/letters', 'put'>;

export const letterSettingsKey = ['settings', 'letters'] as const;

export function useLetterSettings() {
  return useQuery({
    queryKey: letterSettingsKey,
    queryFn: ({ signal }) => api.get('/api/accounts/settings/letters', { signal }),
  });
}

/** Saves the preferences (manage_company); the answer replaces the cached settings. */
export function useSaveDeliveryPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: DeliveryPreferences) =>
      api.put('/api/accounts/settings/letters', { body: { delivery_preferences: preferences } }),
    onSuccess: ({ message: _message, ...settings }) => {
      queryClient.setQueryData<LetterSettings>(letterSettingsKey, settings);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
