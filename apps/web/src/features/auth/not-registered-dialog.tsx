import { MESSAGES } from '@lp/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * The not-registered flow (part 1 section 4): the password was right but no company has this user
 * (the user lookup answered 404). The session is already gone; the person may register a company or
 * ask their company's owner for an invitation.
 */
export function NotRegisteredDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{MESSAGES.notRegisteredTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{MESSAGES.notRegistered}</DialogContentText>
        {email ? (
          <DialogContentText sx={{ mt: 1.5 }}>
            Signed in as <strong>{email}</strong>. You have been signed out.
          </DialogContentText>
        ) : null}
        <DialogContentText sx={{ mt: 1.5 }}>
          To join a colleague’s company, ask its owner (or anyone allowed to add users) to invite this email address,
          then open the link in the invitation email.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        <Button component={RouterLink} to="/signUp" variant="contained" onClick={onClose} autoFocus>
          Register your company
        </Button>
      </DialogActions>
    </Dialog>
  );
}
