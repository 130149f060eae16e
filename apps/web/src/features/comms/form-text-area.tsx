import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextAreaProps<T extends FieldValues, C, O> {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
  /** Shown beneath while the field has no error (a character count, a hint). */
  helperText?: ReactNode;
  minRows?: number;
  maxRows?: number;
  disabled?: boolean;
  required?: boolean;
}

/**
 * A multi-line text bound to react-hook-form, drawn like the app's text fields (a visible label,
 * the red asterisk when required, the error in red beneath).
 */
export function FormTextArea<T extends FieldValues, C, O>({
  control,
  name,
  label,
  helperText,
  minRows = 3,
  maxRows = 12,
  disabled = false,
  required = false,
}: FormTextAreaProps<T, C, O>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const helper = fieldState.error?.message ?? helperText;
        const helperId = helper ? `${id}-helper-text` : undefined;
        return (
          <FormControl
            variant="outlined"
            fullWidth
            margin="normal"
            error={!!fieldState.error}
            disabled={disabled}
            required={required}
          >
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              id={id}
              label={label}
              multiline
              minRows={minRows}
              maxRows={maxRows}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              aria-describedby={helperId}
            />
            {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
