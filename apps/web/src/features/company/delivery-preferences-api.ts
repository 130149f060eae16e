import type { DeliveryPreferences, LetterPreferences } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** GET /api/accounts/settings/letters: the company's delivery preferences, in both representations. */
export interface LetterSettings extends LetterPreferences {
  delivery_preferences: DeliveryPreferences;
}

/** PUT /api/accounts/settings/letters answers the saved settings with the server's message. */
export interface LetterSettingsSaved extends LetterSettings {
  message: string;
}

export const letterSettingsKey = ['settings', 'letters'] as const;
export const LETTER_SETTINGS_URL = '/api/accounts/settings/letters';

export function useLetterSettings() {
  return useQuery({
    queryKey: letterSettingsKey,
    queryFn: ({ signal }) => api.get<LetterSettings>(LETTER_SETTINGS_URL, { signal }),
  });
}

/** Saves the preferences (manage_company); the answer replaces the cached settings. */
export function useSaveDeliveryPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: DeliveryPreferences) =>
      api.put<LetterSettingsSaved>(LETTER_SETTINGS_URL, { delivery_preferences: preferences }),
    onSuccess: ({ message: _message, ...settings }) => {
      queryClient.setQueryData(letterSettingsKey, settings);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
