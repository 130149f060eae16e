import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { financeKeys } from '../finances/api';
import { letterKeys } from '../letters/keys';

/** The body of POST /api/comms/digitalchannels (part 1 section 3's digital channel message). */
export interface DigitalChannelsRequest {
  subject?: string;
  message_to_recipient?: string;
  recipient_phone_number?: string;
  sms_text?: string;
}

export interface DigitalChannelsAnswer {
  message: string;
  email: boolean;
  sms: boolean;
  charged_pence: number;
}

/** The body of POST /api/comms/letterpostage: a one-page test letter posted to this address. */
export interface LetterPostageRequest {
  is_premium: boolean;
  is_colour: boolean;
  recipient: { name: string; address_lines: string[]; postcode: string };
}

export interface LetterPostageAnswer {
  uuid: string;
  /** The test letter's raw status (it appears in the letters list). */
  status: string;
}

/** Sends the signed-in user a test email (to their own address) and/or a text message (send_letter). */
export function useSendYourself() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigitalChannelsRequest) => api.post<DigitalChannelsAnswer>('/api/comms/digitalchannels', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** Posts a test letter (send_letter); it is charged and shows in the letters list. */
export function usePostTestLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LetterPostageRequest) => api.post<LetterPostageAnswer>('/api/comms/letterpostage', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: letterKeys.all }),
      ]),
  });
}
