import Box from '@mui/material/Box';
import { type CustomContentProps, SnackbarContent } from 'notistack';
import { forwardRef } from 'react';

// Darker than notistack's defaults so white text keeps a contrast ratio above 4.5:1.
const BACKGROUND: Record<CustomContentProps['variant'], string> = {
  default: '#313131',
  success: '#1b5e20',
  error: '#b71c1c',
  warning: '#7a3e00',
  info: '#0d47a1',
};

/**
 * The snackbar body. notistack's own content gives every snackbar the same element id, which
 * repeats as soon as two are on screen; this one has none and is announced by its role.
 */
export const AppSnackbar = forwardRef<HTMLDivElement, CustomContentProps>(function AppSnackbar(
  { id, message, variant, action, style, className },
  ref,
) {
  const actionNode = typeof action === 'function' ? action(id) : action;
  return (
    <SnackbarContent
      ref={ref}
      role={variant === 'error' || variant === 'warning' ? 'alert' : 'status'}
      style={style}
      className={className}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: '100%',
          minWidth: { xs: 'auto', sm: 288 },
          maxWidth: 560,
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 6,
          bgcolor: BACKGROUND[variant],
          color: '#fff',
          fontSize: '0.875rem',
        }}
        data-variant={variant}
      >
        <Box component="span" sx={{ flex: 1, py: 0.75 }}>
          {message}
        </Box>
        {actionNode}
      </Box>
    </SnackbarContent>
  );
});
