import { zodResolver } from '@hookform/resolvers/zod';
import { COMMUNICATION_PREFERENCES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useMemo } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { AddressPicker, type FoundAddress } from '../../components/address-picker';
import { applyServerFieldErrors, FormTextField } from '../../components/form-fields';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { customerFailureMessage } from './api';
import {
  CLOUD_STORAGE_HINT,
  CLOUD_STORAGE_LABEL,
  CLOUD_STORAGE_OPTIONS,
  type CustomerFormInput,
  type CustomerFormValues,
  customerFieldLabels,
  customerFormSchema,
  PREFERENCE_RULE,
  PREFERENCES_LABEL,
  preferenceOutcome,
  toFormFieldErrors,
} from './customer-form';

export interface CustomerFormProps {
  defaultValues: CustomerFormInput;
  /** Sends the checked values; a rejection is shown on the fields (422, 409) or as a message. */
  onSave: (values: CustomerFormValues) => Promise<void>;
  onCancel: () => void;
  saveLabel?: string;
}

/** The message of the error at a dotted path ("address_lines.1") of react-hook-form's errors. */
function errorAt(errors: FieldErrors<CustomerFormInput>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * A customer's fields (part 2 section 5, "Customer edit"): the name (required), the address lines, the
 * town and postcode, email, phone and the communication preferences with their rule. Used to add and to edit.
 */
export function CustomerForm({ defaultValues, onSave, onCancel, saveLabel = 'Save' }: CustomerFormProps) {
  const form = useForm<CustomerFormInput, unknown, CustomerFormValues>({
    resolver: zodResolver(customerFormSchema),
    defaultValues,
  });
  const lineCount = defaultValues.address_lines?.length ?? 0;
  const labels = useMemo(() => customerFieldLabels(lineCount), [lineCount]);
  const busy = form.formState.isSubmitting;

  const onInvalid = (errors: FieldErrors<CustomerFormInput>) => {
    for (const [path, label] of Object.entries(labels)) {
      const message = errorAt(errors, path);
      if (message)
        notify(`${label} - ${message}`, { variant: 'error', anchorOrigin: { vertical: 'bottom', horizontal: 'left' } });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (
        (isApiError(error, 422) || isApiError(error, 409)) &&
        applyServerFieldErrors(toFormFieldErrors(error.fields), form.setError, labels) > 0
      )
        return;
      notify(customerFailureMessage(error), { variant: 'error' });
    }
  }, onInvalid);

  return (
    <Box
      component="form"
      noValidate
      aria-label="Customer details"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormTextField control={form.control} name="name" label={labels.name!} autoComplete="off" required />
      {Array.from({ length: lineCount }, (_, i) => (
        <FormTextField
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed slots
          key={i}
          control={form.control}
          name={`address_lines.${i}`}
          label={labels[`address_lines.${i}`]!}
          autoComplete="off"
          margin="dense"
        />
      ))}
      <FormTextField control={form.control} name="town" label={labels.town!} autoComplete="off" margin="dense" />
      <FormTextField control={form.control} name="postcode" label={labels.postcode!} autoComplete="off" />
      <CustomerAddressPicker form={form} lineCount={lineCount} />
      <FormTextField
        control={form.control}
        name="email"
        label={labels.email!}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <FormTextField
        control={form.control}
        name="phone"
        label={labels.phone!}
        type="tel"
        inputMode="tel"
        autoComplete="off"
      />
      <PreferencesField control={form.control} />
      <CloudStorageField control={form.control} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {saveLabel}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * "Find address" beside the postcode (issue 27 item 16): the picked address fills the address lines
 * (its lines, in the slots there are), the Town and the postcode.
 */
function CustomerAddressPicker({
  form,
  lineCount,
}: {
  form: ReturnType<typeof useForm<CustomerFormInput, unknown, CustomerFormValues>>;
  lineCount: number;
}) {
  const postcode = useWatch({ control: form.control, name: 'postcode' }) ?? '';
  const fill = (a: FoundAddress) => {
    const parts = [a.line1, a.line2, a.line3].filter((p) => p.trim() !== '');
    const slots = Math.max(1, lineCount);
    const lines = [...parts.slice(0, slots - 1), parts.slice(slots - 1).join(', ')];
    for (let i = 0; i < slots; i += 1)
      form.setValue(`address_lines.${i}`, lines[i] ?? '', {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    form.setValue('town', a.town, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('postcode', a.postcode, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  return <AddressPicker postcode={String(postcode)} onPick={fill} />;
}

/** The four preference checkboxes, the rule beneath them and, when the rule changes the choice, what is saved. */
function PreferencesField({ control }: { control: Control<CustomerFormInput, unknown, CustomerFormValues> }) {
  const helperId = useId();
  const ticked = useWatch({ control, name: 'communications_preference' }) ?? [];
  const outcome = preferenceOutcome(ticked);
  return (
    <Controller
      control={control}
      name="communications_preference"
      render={({ field, fieldState }) => {
        const value = field.value ?? [];
        return (
          <FormControl
            component="fieldset"
            error={!!fieldState.error}
            margin="normal"
            sx={{ display: 'block' }}
            aria-describedby={helperId}
          >
            <FormLabel component="legend">{PREFERENCES_LABEL}</FormLabel>
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
            <FormHelperText id={helperId}>
              {fieldState.error?.message ? (
                <>
                  {fieldState.error.message}
                  <br />
                </>
              ) : null}
              {PREFERENCE_RULE}
              {outcome ? (
                <>
                  <br />
                  <span data-testid="preference-outcome">Saved as: {outcome.join(', ')}</span>
                </>
              ) : null}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/**
 * The drive the customer keeps their letters in (part 2 "Customer": cloud storage provider): None,
 * Google Drive, Dropbox or OneDrive, stored as the drive's id. A native select: the phone's own
 * picker at 390 px, and the keyboard's.
 */
function CloudStorageField({ control }: { control: Control<CustomerFormInput, unknown, CustomerFormValues> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="cloud_storage_provider"
      render={({ field, fieldState }) => (
        <FormControl fullWidth margin="normal" error={!!fieldState.error}>
          <InputLabel htmlFor={id} shrink variant="outlined">
            {CLOUD_STORAGE_LABEL}
          </InputLabel>
          <NativeSelect
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value || null)}
            onBlur={field.onBlur}
            input={<OutlinedInput label={CLOUD_STORAGE_LABEL} notched inputRef={field.ref} />}
            inputProps={{ id, name: field.name, 'aria-describedby': `${id}-help` }}
          >
            {CLOUD_STORAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
          <FormHelperText id={`${id}-help`}>{fieldState.error?.message ?? CLOUD_STORAGE_HINT}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
