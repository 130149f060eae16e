import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with the text "Loading...", announced politely. */
export function Loading({ label = 'Loading...', minHeight = 160 }: { label?: string; minHeight?: number | string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight, width: '100%' }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}
