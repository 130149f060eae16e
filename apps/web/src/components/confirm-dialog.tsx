import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title?: ReactNode;
  message?: ReactNode;
  /** More below the message (a price list): block content, outside the message's paragraph. */
  details?: ReactNode;
  /** Disables both answers while the confirmed action runs. */
  busy?: boolean;
}

/** The "Are you sure" confirmation with Yes and No. */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title = 'Are you sure?',
  message,
  details,
  busy = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={message ? textId : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message || details ? (
        <DialogContent>
          {message ? <DialogContentText id={textId}>{message}</DialogContentText> : null}
          {details}
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          No
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
