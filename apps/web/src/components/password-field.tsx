import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, useState } from 'react';
import { AppTextField, type AppTextFieldProps } from './text-field';

/**
 * A password input with a show/hide toggle. The toggle is named "Show characters" / "Hide characters"
 * (not "... password") so that the field itself stays the only thing labelled "Password" on the page.
 */
export function PasswordField(props: Omit<AppTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  return (
    <AppTextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide characters' : 'Show characters'}
            aria-controls={inputId}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
