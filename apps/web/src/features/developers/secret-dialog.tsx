import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { notify } from '../../lib/notify';

/** The dialog's texts, as each section's text catalogue (API_KEYS_TEXT, WEBHOOKS_TEXT) names them. */
export interface SecretDialogText {
  secretTitle: string;
  secretWarning: string;
  secretLabel: string;
  copy: string;
  copied: string;
  done: string;
}

/** A new secret (an API key, a webhook signing secret), once: copy it now, it is never shown again. */
export function SecretDialog({
  secret,
  text,
  onClose,
}: {
  secret: string;
  text: SecretDialogText;
  onClose: () => void;
}) {
  const titleId = useId();
  const warningId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify(text.copied, { variant: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={warningId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{text.secretTitle}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id={warningId} sx={{ mb: 2 }}>
          {text.secretWarning}
        </Alert>
        <TextField
          label={text.secretLabel}
          value={secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, inputLabel: { shrink: true } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{text.copy}</Button>
        <Button variant="contained" onClick={onClose}>
          {text.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
