import type { ChangePasswordInput, ListPreferences, ListPreferencesUpdate, Profile, ProfileUpdate } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** Keyed apart from ['me'] so that a new session starts without the previous user's settings. */
export const accountKeys = {
  profile: ['account', 'profile'] as const,
  listPreferences: ['account', 'list-preferences'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => api.get('/api/me/profile', { signal }),
  });
}

/** Saves the profile; the session's name, job title and phone follow. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) => api.put('/api/me/profile', { body: profile }),
    onSuccess: ({ message: _message, ...profile }) => {
      queryClient.setQueryData<Profile>(accountKeys.profile, profile);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/api/me/password', { body: input }),
  });
}

/** Which of the letters list's tabs the user sees; every tab while loading fails or is unknown. */
export function useListPreferences() {
  return useQuery({
    queryKey: accountKeys.listPreferences,
    queryFn: ({ signal }) => api.get('/api/me/list-preferences', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSaveListPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ListPreferencesUpdate) => api.put('/api/me/list-preferences', { body: update }),
    onSuccess: ({ message: _message, ...preferences }) => {
      queryClient.setQueryData<ListPreferences>(accountKeys.listPreferences, preferences);
    },
  });
}
