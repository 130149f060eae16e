import { MESSAGES } from '@lp/domain';
import { useCallback, useEffect } from 'react';
import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
import { isApiError } from '../lib/api';
import { dismissFieldError, notifyFieldError } from '../lib/field-toasts';
import { PasswordField } from './password-field';
import { AppTextField, type AppTextFieldProps } from './text-field';

type ControlledProps = 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef';

export interface FormTextFieldProps<T extends FieldValues, C, O> extends Omit<AppTextFieldProps, ControlledProps> {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
}

/** The props that connect an input to react-hook-form: value, events, ref and its error beneath it. */
function bound<T extends FieldValues>(
  { field, fieldState }: Parameters<ControllerProps<T>['render']>[0],
  helperText: AppTextFieldProps['helperText'],
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: !!fieldState.error,
    helperText: fieldState.error?.message ?? helperText,
  };
}

/** Takes the field's error message away once the field is valid again (issue 27 item 13). */
function useDismissWhenValid(name: string, error: unknown) {
  useEffect(() => {
    if (!error) dismissFieldError(name);
  }, [name, error]);
}

function BoundTextField<T extends FieldValues>({
  r,
  helperText,
  props,
  password = false,
}: {
  r: Parameters<ControllerProps<T>['render']>[0];
  helperText: AppTextFieldProps['helperText'];
  props: Omit<AppTextFieldProps, ControlledProps>;
  password?: boolean;
}) {
  useDismissWhenValid(r.field.name, r.fieldState.error);
  return password ? (
    <PasswordField {...props} {...bound(r, helperText)} />
  ) : (
    <AppTextField {...props} {...bound(r, helperText)} />
  );
}

/** A text field bound to react-hook-form: the field's error shows in red beneath it. */
export function FormTextField<T extends FieldValues, C, O>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(r) => <BoundTextField r={r} helperText={helperText} props={props} />}
    />
  );
}

/** A password field bound to react-hook-form, with the show/hide toggle. */
export function FormPasswordField<T extends FieldValues, C, O>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(r) => <BoundTextField r={r} helperText={helperText} props={props} password />}
    />
  );
}

/**
 * The onInvalid handler of a form: one bottom-left error message "[label] - [message]" per field in error,
 * in the order of `labels`.
 */
export function useInvalidSubmitSnackbar<T extends FieldValues>(labels: Partial<Record<FieldPath<T>, string>>) {
  return useCallback(
    (errors: FieldErrors<T>) => {
      for (const [name, label] of Object.entries(labels) as [string, string][]) {
        const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
        if (typeof message === 'string' && message) notifyFieldError(name, `${label} - ${message}`);
      }
    },
    [labels],
  );
}

/**
 * Puts the server's field errors (a 422 answer's `fields`) onto the form's fields, and shows each as
 * "[label] - [message]" like a failed client-side check. `labels` names the fields the form has.
 * Returns how many were placed, so the caller can fall back to a general message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: readonly { path: string; message: string }[],
  setError: UseFormSetError<T>,
  labels: Partial<Record<FieldPath<T>, string>>,
): number {
  let placed = 0;
  for (const f of fields) {
    const label = (labels as Record<string, string | undefined>)[f.path];
    if (!label) continue;
    setError(f.path as FieldPath<T>, { type: 'server', message: f.message }, { shouldFocus: placed === 0 });
    notifyFieldError(f.path, `${label} - ${f.message}`);
    placed += 1;
  }
  return placed;
}

/**
 * What a failed submission tells the user: a 422's field errors go onto the fields (null: nothing
 * more to say), a refusal (401, 403) is "Permission denied", a rate limit its own message, anything
 * else the spec's generic "An error occured".
 */
export function submissionFailureMessage<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  labels: Partial<Record<FieldPath<T>, string>>,
): string | null {
  if (isApiError(error, 422) && applyServerFieldErrors(error.fields, setError, labels) > 0) return null;
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error, 429)) return error.message;
  return MESSAGES.genericError;
}
