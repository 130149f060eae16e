import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';
import { useId } from 'react';

export interface AppTextFieldProps {
  label: string;
  id?: string;
  name?: string;
  value?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url';
  endAdornment?: ReactNode;
  /** A textarea that grows with its text, from minRows lines. */
  multiline?: boolean;
  minRows?: number;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * An outlined text field with a visible label, a red asterisk when required, and its error or hint
 * beneath. Composed from MUI's parts instead of TextField, which also bundles Select, Menu and
 * Modal: the signed-out pages stay small.
 */
export function AppTextField({
  label,
  id,
  helperText,
  required = false,
  error = false,
  disabled = false,
  fullWidth = true,
  margin = 'normal',
  readOnly = false,
  inputMode,
  ...input
}: AppTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      margin={margin}
      required={required}
      error={error}
      disabled={disabled}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        aria-describedby={helperId}
        readOnly={readOnly}
        inputProps={inputMode ? { inputMode } : undefined}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
