import { zodResolver } from '@hookform/resolvers/zod';
import { COMMUNICATION_PREFERENCES, CUSTOMER_MESSAGES, customerFieldsSchema } from '@lp/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { applyServerFieldErrors, FormTextField } from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import {
  type CustomerOption,
  type Letter,
  letterFailureMessage,
  type RecipientAsCustomerBody,
  useCustomerSearch,
  useLinkCustomer,
  useSaveRecipientAsCustomer,
} from './api';
import { hasWords, recipientSummary } from './letter-problem';
import { useDebouncedValue } from './use-debounced-value';

/** The words of the letter's customer section. */
export const CUSTOMER_LINK_TEXT = {
  heading: 'Customer',
  none: 'No customer is linked to this letter.',
  change: 'Change',
  unlink: 'Unlink',
  choose: 'Choose a customer',
  saveRecipient: 'Save recipient as a new customer',
  find: 'Find a customer',
  findHint: 'Search by name, email, postcode or phone',
  searching: 'Searching…',
  noMatch: 'No customer matches.',
  noCustomers: 'There are no customers yet.',
  cancel: 'Cancel',
  save: 'Save customer',
  email: 'Email',
  phone: 'Phone',
  preferences: 'Communication preferences',
  preferenceRule: 'With none ticked, letters go by Mail. SMS on its own also sends them by Mail.',
  linked: (name: string) => `This letter is now for ${name}.`,
  unlinked: 'The letter is no longer linked to a customer.',
} as const;

/** The picker asks the customers this long after the last key. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 250;

const has = (abilities: readonly string[], ...wanted: string[]) => wanted.some((a) => abilities.includes(a));

/** The customer's page (the customers list with their panel open). */
export const customerPageUrl = (uuid: string) => `/customers?customer=${encodeURIComponent(uuid)}`;

/**
 * The letter's customer (issue 12 item 3): analysis links the one whose name and postcode match the
 * recipient read; here a person sees who it is (a link to them for those who see customers), picks
 * another or unlinks it, or saves the recipient read as a new customer (manage_recipients).
 */
export function LetterCustomerSection({ letter, abilities }: { letter: Letter; abilities: readonly string[] }) {
  const headingId = useId();
  const [mode, setMode] = useState<'view' | 'choosing' | 'saving'>('view');
  const link = useLinkCustomer(letter.uuid);
  const canSee = has(abilities, 'see_recipients', 'manage_recipients');
  const open = !letter.mark_for_deletion;
  // The picker lists the customers, which needs seeing them; linking needs one of the letter's permissions.
  const canLink = open && canSee && has(abilities, 'send_letter', 'create_letter', 'manage_recipients');
  const canSave = open && has(abilities, 'manage_recipients') && hasWords(letter.recipient_name_snapshot);
  const uuid = letter.customer_uuid ?? null;
  const name = letter.customer_name || (uuid ? 'Unnamed customer' : null);
  if (!uuid && !canLink && !canSave) return null;

  const relink = (customer: CustomerOption | null) =>
    link.mutateAsync(customer?.customer_uuid ?? null).then(
      (answer) => {
        setMode('view');
        notify(answer.customer_name ? CUSTOMER_LINK_TEXT.linked(answer.customer_name) : CUSTOMER_LINK_TEXT.unlinked, {
          variant: 'success',
        });
      },
      (error) => notify(letterFailureMessage(error), { variant: 'error' }),
    );

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="letter-customer" sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {CUSTOMER_LINK_TEXT.heading}
      </Typography>
      {uuid && name ? (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {canSee ? (
            <Link component={RouterLink} to={customerPageUrl(uuid)}>
              {name}
            </Link>
          ) : (
            name
          )}
        </Typography>
      ) : (
        <Typography color="text.secondary">{CUSTOMER_LINK_TEXT.none}</Typography>
      )}

      {mode === 'view' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {canLink ? (
            <Button variant="outlined" size="small" disabled={link.isPending} onClick={() => setMode('choosing')}>
              {uuid ? CUSTOMER_LINK_TEXT.change : CUSTOMER_LINK_TEXT.choose}
            </Button>
          ) : null}
          {canLink && uuid ? (
            <Button
              variant="outlined"
              size="small"
              color="inherit"
              disabled={link.isPending}
              onClick={() => void relink(null)}
            >
              {CUSTOMER_LINK_TEXT.unlink}
            </Button>
          ) : null}
          {canSave && !uuid ? (
            <Button variant="outlined" size="small" onClick={() => setMode('saving')}>
              {CUSTOMER_LINK_TEXT.saveRecipient}
            </Button>
          ) : null}
        </Box>
      ) : mode === 'choosing' ? (
        <CustomerPicker
          currentUuid={uuid}
          busy={link.isPending}
          onPick={(customer) => void relink(customer)}
          onCancel={() => setMode('view')}
        />
      ) : (
        <RecipientCustomerForm letter={letter} onDone={() => setMode('view')} />
      )}
    </Box>
  );
}

/** A search over the company's customers (GET /api/customers); choosing one links the letter. */
function CustomerPicker({
  currentUuid,
  busy,
  onPick,
  onCancel,
}: {
  currentUuid: string | null;
  busy: boolean;
  onPick: (customer: CustomerOption) => void;
  onCancel: () => void;
}) {
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const term = useDebouncedValue(input, CUSTOMER_SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(term, true);
  const options = (search.data ?? []).filter((c) => c.customer_uuid !== currentUuid);
  const searching = search.isFetching || term !== input;
  return (
    <Box sx={{ mt: 1 }}>
      <Autocomplete
        openOnFocus
        autoHighlight
        disabled={busy}
        options={options}
        value={picked}
        inputValue={input}
        // The server searches; the options are shown as it answers.
        filterOptions={(x) => x}
        getOptionLabel={(c) => c.recipient}
        isOptionEqualToValue={(a, b) => a.customer_uuid === b.customer_uuid}
        loading={searching}
        loadingText={CUSTOMER_LINK_TEXT.searching}
        noOptionsText={term.trim() ? CUSTOMER_LINK_TEXT.noMatch : CUSTOMER_LINK_TEXT.noCustomers}
        onInputChange={(_, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_, customer) => {
          setPicked(customer);
          if (customer) onPick(customer);
        }}
        renderOption={({ key, ...props }, c) => (
          <li key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{c.recipient}</Typography>
              {c.address || c.email ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.address || c.email}
                </Typography>
              ) : null}
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus
            label={CUSTOMER_LINK_TEXT.find}
            helperText={CUSTOMER_LINK_TEXT.findHint}
            size="small"
          />
        )}
      />
      {search.isError ? (
        <Box sx={{ mt: 1 }}>
          <MessageBanner kind="error">{letterFailureMessage(search.error)}</MessageBanner>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {CUSTOMER_LINK_TEXT.cancel}
        </Button>
      </Box>
    </Box>
  );
}

const recipientSchema = customerFieldsSchema.pick({ email: true, phone: true, communications_preference: true });
type RecipientInput = z.input<typeof recipientSchema>;
type RecipientValues = z.output<typeof recipientSchema>;

const FIELD_LABELS = {
  email: CUSTOMER_LINK_TEXT.email,
  phone: CUSTOMER_LINK_TEXT.phone,
  communications_preference: CUSTOMER_LINK_TEXT.preferences,
} as const;

/** The body of POST /api/letters/:id/customer: the email and phone only when given. */
export function recipientCustomerBody(values: RecipientValues): RecipientAsCustomerBody {
  const body: RecipientAsCustomerBody = { communications_preference: [...values.communications_preference] };
  if (values.email) body.email = values.email;
  if (values.phone) body.phone = values.phone;
  return body;
}

/** A server field path ("email", "body.phone", "communications_preference.0") as the form's field. */
function formField(path: string): string {
  return path.replace(/^body\./, '').split('.')[0] ?? '';
}

/** The recipient read from the letter, saved as a new customer with an email, a phone and their preferences. */
function RecipientCustomerForm({ letter, onDone }: { letter: Letter; onDone: () => void }) {
  const save = useSaveRecipientAsCustomer(letter.uuid);
  const form = useForm<RecipientInput, unknown, RecipientValues>({
    resolver: zodResolver(recipientSchema),
    defaultValues: { email: '', phone: '', communications_preference: [] },
  });
  const busy = form.formState.isSubmitting;
  const recipient = recipientSummary(letter);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const answer = await save.mutateAsync(recipientCustomerBody(values));
        const linked = answer.customer_name ? ` ${CUSTOMER_LINK_TEXT.linked(answer.customer_name)}` : '';
        notify(`${CUSTOMER_MESSAGES.saved}${linked}`, { variant: 'success' });
        onDone();
      } catch (error) {
        if (isApiError(error, 422)) {
          const fields = error.fields.map((f) => ({ path: formField(f.path), message: f.message }));
          if (applyServerFieldErrors(fields, form.setError, FIELD_LABELS) > 0) return;
        }
        if (isApiError(error, 409) && error.message === CUSTOMER_MESSAGES.duplicate)
          form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        notify(letterFailureMessage(error), { variant: 'error' });
      }
    },
    (errors) => {
      for (const [field, label] of Object.entries(FIELD_LABELS)) {
        const message = errors[field as keyof typeof FIELD_LABELS]?.message;
        if (message) notify(`${label} - ${message}`, { variant: 'error' });
      }
    },
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={CUSTOMER_LINK_TEXT.saveRecipient}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {recipient ?? 'No recipient read'}
      </Typography>
      <FormTextField
        control={form.control}
        name="email"
        label={CUSTOMER_LINK_TEXT.email}
        type="email"
        inputMode="email"
        autoComplete="off"
        margin="dense"
      />
      <FormTextField
        control={form.control}
        name="phone"
        label={CUSTOMER_LINK_TEXT.phone}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        margin="dense"
      />
      <Controller
        control={form.control}
        name="communications_preference"
        render={({ field, fieldState }) => {
          const value = field.value ?? [];
          return (
            <FormControl component="fieldset" error={!!fieldState.error} margin="dense" sx={{ display: 'block' }}>
              <FormLabel component="legend">{CUSTOMER_LINK_TEXT.preferences}</FormLabel>
              <FormGroup row>
                {COMMUNICATION_PREFERENCES.map((p) => (
                  <FormControlLabel
                    key={p}
                    label={p}
                    control={
                      <Checkbox
                        name={field.name}
                        value={p}
                        checked={value.includes(p)}
                        onBlur={field.onBlur}
                        onChange={(e) =>
                          field.onChange(
                            COMMUNICATION_PREFERENCES.filter((x) => (x === p ? e.target.checked : value.includes(x))),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{fieldState.error?.message ?? CUSTOMER_LINK_TEXT.preferenceRule}</FormHelperText>
            </FormControl>
          );
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={onDone} disabled={busy}>
          {CUSTOMER_LINK_TEXT.cancel}
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={busy}>
          {CUSTOMER_LINK_TEXT.save}
        </Button>
      </Box>
    </Box>
  );
}
