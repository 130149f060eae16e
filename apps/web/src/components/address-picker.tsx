import { isUkPostcodeFormat, MESSAGES, PARCEL_MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { type ApiResponse, api, isApiError } from '../lib/api';

/** One address at a postcode, as GET /api/addresses answers it. */
export type FoundAddress = ApiResponse<'/api/addresses'>['addresses'][number];

export const ADDRESS_PICKER_TEXT = {
  find: 'Find address',
  finding: 'Finding addresses…',
  choose: 'Choose an address',
  placeholder: (n: number) => `${n} ${n === 1 ? 'address' : 'addresses'} found: select one`,
  none: (postcode: string) => `No addresses found at ${postcode}. Please type the address.`,
  needPostcode: 'Enter the postcode first, then find the address.',
  filled: 'Address filled in. Check it before you go on.',
  busy: 'Too many address lookups. Please wait a minute or type the address.',
} as const;

/** An address on one line, as the list offers it ("Flat 2, 17 Rue-de-Croix Terrace, Leeds"). */
export function addressLabel(a: FoundAddress): string {
  return [a.line1, a.line2, a.line3, a.town].filter((p) => p.trim() !== '').join(', ');
}

type State =
  | { kind: 'idle' }
  | { kind: 'finding' }
  | { kind: 'found'; postcode: string; addresses: FoundAddress[] }
  | { kind: 'message'; text: string; error: boolean };

export interface AddressPickerProps {
  /** The postcode typed in the form. */
  postcode: string;
  /** Fills the form's address fields with the chosen address. */
  onPick: (address: FoundAddress) => void;
  /** Names the picker for screen readers when a page has more than one ("Find sender address"). */
  label?: string;
}

/**
 * "Find address" (issue 27 item 16): asks GET /api/addresses for the addresses at the typed postcode
 * and offers them in a list; the chosen one fills the form, which stays editable. A native select:
 * the phone's own picker on small screens, the keyboard's arrows everywhere. What happens is said
 * in a polite live region.
 */
export function AddressPicker({ postcode, onPick, label }: AddressPickerProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const selectId = useId();
  const statusId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const asked = useRef(0);

  const find = async () => {
    const typed = postcode.trim();
    if (!typed) {
      setState({ kind: 'message', text: ADDRESS_PICKER_TEXT.needPostcode, error: true });
      return;
    }
    if (!isUkPostcodeFormat(typed)) {
      setState({ kind: 'message', text: PARCEL_MESSAGES.postcodeInvalid, error: true });
      return;
    }
    const turn = ++asked.current;
    setState({ kind: 'finding' });
    try {
      const answer = await api.get('/api/addresses', { query: { postcode: typed } });
      if (turn !== asked.current) return;
      if (answer.addresses.length === 0) {
        setState({ kind: 'message', text: ADDRESS_PICKER_TEXT.none(answer.postcode), error: false });
        return;
      }
      setState({ kind: 'found', postcode: answer.postcode, addresses: answer.addresses });
      // The list takes the focus: the next key press chooses.
      setTimeout(() => selectRef.current?.focus(), 0);
    } catch (error) {
      if (turn !== asked.current) return;
      const text = isApiError(error, 422)
        ? PARCEL_MESSAGES.postcodeInvalid
        : isApiError(error, 429)
          ? ADDRESS_PICKER_TEXT.busy
          : isApiError(error, 401) || isApiError(error, 403)
            ? MESSAGES.permissionDenied
            : isApiError(error, 503) && error.message
              ? error.message
              : MESSAGES.genericError;
      setState({ kind: 'message', text, error: true });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1, mb: 1, minWidth: 0 }}>
      <Button
        variant="outlined"
        size="small"
        onClick={() => void find()}
        disabled={state.kind === 'finding'}
        aria-label={label}
        aria-describedby={statusId}
      >
        {ADDRESS_PICKER_TEXT.find}
      </Button>
      {state.kind === 'found' ? (
        <FormControl size="small" sx={{ flex: '1 1 16rem', minWidth: 0, maxWidth: '100%' }}>
          <InputLabel variant="standard" htmlFor={selectId}>
            {ADDRESS_PICKER_TEXT.choose}
          </InputLabel>
          <NativeSelect
            inputRef={selectRef}
            inputProps={{ id: selectId }}
            defaultValue=""
            onChange={(e) => {
              const chosen = state.addresses.find((a) => a.id === e.target.value);
              if (!chosen) return;
              onPick(chosen);
              setState({ kind: 'message', text: ADDRESS_PICKER_TEXT.filled, error: false });
            }}
            sx={{ width: '100%' }}
          >
            <option value="" disabled>
              {ADDRESS_PICKER_TEXT.placeholder(state.addresses.length)}
            </option>
            {state.addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {addressLabel(a)}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      ) : null}
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        color={state.kind === 'message' && state.error ? 'error' : 'text.secondary'}
        sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {state.kind === 'finding' ? ADDRESS_PICKER_TEXT.finding : state.kind === 'message' ? state.text : ''}
      </Typography>
    </Box>
  );
}
