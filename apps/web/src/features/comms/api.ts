import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api } from '../../lib/api';
import { financeKeys } from '../finances/api';
import { letterKeys } from '../letters/keys';

/** The body of POST /api/comms/digitalchannels (part 1 section 3's digital channel message). */
export type DigitalChannelsRequest = ApiBody<'/api/comms/digitalchannels', 'post'>;

export type DigitalChannelsAnswer = ApiResponse<'/api/comms/digitalchannels', 'post'>;

/** The body of POST /api/comms/letterpostage: a one-page test letter posted to this address. */
export type LetterPostageRequest = ApiBody<'/api/comms/letterpostage', 'post'>;

/** The test letter: its raw status (it appears in the letters list). */
export type LetterPostageAnswer = ApiResponse<'/api/comms/letterpostage', 'post'>;

/** Sends the signed-in user a test email (to their own address) and/or a text message (send_letter). */
export function useSendYourself() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigitalChannelsRequest) => api.post('/api/comms/digitalchannels', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** Posts a test letter (send_letter); it is charged and shows in the letters list. */
export function usePostTestLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LetterPostageRequest) => api.post('/api/comms/letterpostage', { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: letterKeys.all }),
      ]),
  });
}
