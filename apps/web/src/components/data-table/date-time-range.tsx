import Event from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { toDateTimeLocal } from '../../lib/dates';
import { decodeDateRange, encodeDateRange } from './query';

export const DATE_RANGE_ORDER_ERROR = 'The start must be before the end';

/** A labelled native date-time input (the browser's own picker: keyboard and screen-reader friendly). */
export function DateTimeInput({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
}) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl size="small" fullWidth margin="dense" error={error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type="datetime-local"
        label={label}
        notched
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={helperId}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/**
 * The filter of a date column: a button opening a small dialog with "From" and "To" date-time
 * inputs. Applying gives the filter value (an ISO interval, see encodeDateRange) or null to remove it.
 */
export function DateTimeRangeFilter({
  label,
  value,
  onApply,
}: {
  label: string;
  value: string | undefined;
  onApply: (value: string | null) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState(false);
  const titleId = useId();
  const dialogId = useId();

  const open = (target: HTMLElement) => {
    const current = value ? decodeDateRange(value) : { from: null, to: null };
    setFrom(current.from ? toDateTimeLocal(current.from) : '');
    setTo(current.to ? toDateTimeLocal(current.to) : '');
    setError(false);
    setAnchor(target);
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const start = from ? new Date(from) : null;
    const end = to ? new Date(to) : null;
    if (start && end && start.getTime() > end.getTime()) {
      setError(true);
      return;
    }
    onApply(encodeDateRange(start, end));
    setAnchor(null);
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<Event />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? dialogId : undefined}
        onClick={(e) => open(e.currentTarget)}
      >
        {label}
      </Button>
      <Popover
        id={dialogId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 300 } } }}
      >
        <Box component="form" noValidate onSubmit={apply}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <DateTimeInput label="From" value={from} onChange={setFrom} />
          <DateTimeInput
            label="To"
            value={to}
            onChange={setTo}
            error={error}
            helperText={error ? DATE_RANGE_ORDER_ERROR : undefined}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
            <Button onClick={() => setAnchor(null)}>Cancel</Button>
            <Button type="submit" variant="contained">
              Apply
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
