import CorporateFare from '@mui/icons-material/CorporateFare';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export const ADD_USERS = 'Add users';
export const ADD_SINGLE_USER = 'Add a single user';
export const CREATE_DEPARTMENTS = 'Create departments';
export const NEEDS_MANAGE_USERS = 'Only members allowed to add and edit users can invite colleagues.';

export interface AddUsersDialogProps {
  open: boolean;
  onClose: () => void;
  onInvite: () => void;
  onCreateDepartments: () => void;
  /** Null when inviting is allowed, else why not. */
  inviteRefusal: string | null;
  /** Null when creating departments is allowed, else why not (permission or plan). */
  departmentsRefusal: string | null;
}

/** The choice panel of "Add users": a single user, or departments (explained when not allowed). */
export function AddUsersDialog({
  open,
  onClose,
  onInvite,
  onCreateDepartments,
  inviteRefusal,
  departmentsRefusal,
}: AddUsersDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{ADD_USERS}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Choice
          icon={<PersonAdd />}
          label={ADD_SINGLE_USER}
          description="Invite one colleague by email, with their roles and permissions."
          refusal={inviteRefusal}
          onClick={onInvite}
        />
        <Choice
          icon={<CorporateFare />}
          label={CREATE_DEPARTMENTS}
          description="Group members into departments with preset permissions, approvals and supervisors."
          refusal={departmentsRefusal}
          onClick={onCreateDepartments}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

function Choice({
  icon,
  label,
  description,
  refusal,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  description: string;
  refusal: string | null;
  onClick: () => void;
}) {
  const descriptionId = useId();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Button
        variant={refusal ? 'outlined' : 'contained'}
        startIcon={icon}
        disabled={!!refusal}
        onClick={onClick}
        aria-describedby={descriptionId}
      >
        {label}
      </Button>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {description}
        {refusal ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.primary' }}>
            {refusal}
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}
