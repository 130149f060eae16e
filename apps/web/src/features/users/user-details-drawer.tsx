import { ADMIN_MESSAGES, MESSAGES, sortRoles } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import {
  adminFailureMessage,
  type Department,
  isInReview,
  type UserRow,
  useDeleteUser,
  useEditUser,
  useUser,
} from './api';
import { PermissionSummary } from './invite-drawer';
import { type RoleEditorState, roleEditorBody, roleEditorFrom, roleLabel } from './role-editor';
import { RoleEditorFields } from './role-editor-fields';
import { SpendingCapEditor } from './spending-cap-editor';

export interface AdminAbilities {
  manageUsers: boolean;
  setSpendingCap: boolean;
}

/** "Active", or "Invited" until the invitation is accepted. */
export function userStatus(user: Pick<UserRow, 'accepted_invite'>): 'Active' | 'Invited' {
  return user.accepted_invite ? 'Active' : 'Invited';
}

/** Why a member cannot be edited or deleted, or null when they can (manage_users; never oneself or the owner). */
export function editRefusal(user: Pick<UserRow, 'is_self' | 'is_owner'>, manageUsers: boolean): string | null {
  if (!manageUsers) return MESSAGES.permissionDenied;
  if (user.is_self) return 'You cannot edit or delete your own account here.';
  if (user.is_owner) return 'The account owner cannot be edited or deleted.';
  return null;
}

/** Why this member's spending limit cannot be set here, or null (decision 0012: never one's own, never the owner's). */
export function capRefusal(user: Pick<UserRow, 'is_self' | 'is_owner'>): string | null {
  if (user.is_self) return ADMIN_MESSAGES.capOwnRefused;
  if (user.is_owner) return ADMIN_MESSAGES.capOwnerRefused;
  return null;
}

export interface UserDetailsDrawerProps {
  /** The member's id; null when closed. */
  userId: string | null;
  /** The table's row, shown at once while the fresh record loads. */
  row?: UserRow;
  onClose: () => void;
  departments: readonly Department[];
  abilities: AdminAbilities;
}

/** The member's details (part 1 section 2, "Users panels"): Edit, Delete and the monthly spending limit. */
export function UserDetailsDrawer({ userId, row, onClose, departments, abilities }: UserDetailsDrawerProps) {
  const user = useUser(userId, row);
  const data = user.data;
  const title = data?.user_name || data?.email_address || 'User details';
  return (
    <SidePanel open={!!userId} onClose={onClose} title={title} data-testid="user-details">
      {data ? (
        <UserDetails key={data.id} user={data} onClose={onClose} departments={departments} abilities={abilities} />
      ) : user.isError ? (
        <MessageBanner kind="error">
          {isApiError(user.error, 404) ? 'This user could not be found.' : MESSAGES.genericError}
        </MessageBanner>
      ) : (
        <Loading />
      )}
    </SidePanel>
  );
}

function UserDetails({
  user,
  onClose,
  departments,
  abilities,
}: {
  user: UserRow;
  onClose: () => void;
  departments: readonly Department[];
  abilities: AdminAbilities;
}) {
  const [editing, setEditing] = useState<RoleEditorState | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditUser(user.id);
  const remove = useDeleteUser(user.id);
  const refusal = editRefusal(user, abilities.manageUsers);

  const startEdit = () =>
    setEditing(
      roleEditorFrom({
        permissions: user.permissions,
        approvals: user.approvals,
        roles: user.roles,
        department: user.department,
        supervised: user.supervised_departments,
      }),
    );

  const save = () => {
    if (!editing) return;
    edit.mutateAsync(roleEditorBody(editing)).then(
      (answer) => {
        // A change that needs a supervisor's approval changes nothing yet: say so.
        if (isInReview(answer)) notify(answer.message || 'In Review', { variant: 'info' });
        else notify(ADMIN_MESSAGES.userEdited(user.email_address), { variant: 'success' });
        setEditing(null);
      },
      (error) =>
        notify(adminFailureMessage(error, ADMIN_MESSAGES.userEditFailed(user.email_address)), { variant: 'error' }),
    );
  };

  const confirmRemoval = () =>
    remove.mutateAsync().then(
      (answer) => {
        // A removal that needs a supervisor's approval removes nobody yet: say so.
        if (isInReview(answer)) notify(answer.message || 'In Review', { variant: 'info' });
        else notify(`User ${user.email_address} deleted`, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
      },
      (error) => {
        setConfirmDelete(false);
        notify(adminFailureMessage(error, MESSAGES.genericError), { variant: 'error' });
      },
    );

  if (editing) {
    return (
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Edit permissions of {user.email_address}
        </Typography>
        <RoleEditorFields state={editing} onChange={setEditing} departments={departments} canEdit />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={() => setEditing(null)} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={save} disabled={edit.isPending}>
            Save
          </Button>
        </Box>
      </Box>
    );
  }

  const facts: [string, string][] = [
    ['Name', user.user_name || '—'],
    ['Email', user.email_address],
    ['Department', user.department ?? 'None'],
    ['Job title', user.job_title || '—'],
    ['Phone', user.phone_number || '—'],
    ['Status', userStatus(user)],
  ];
  if (user.supervised_departments.length > 0) facts.push(['Supervises', user.supervised_departments.join(', ')]);
  const roles = sortRoles(user.roles);

  return (
    <Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
        <Box sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            Roles
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {roles.length > 0 ? roles.map((r) => <Chip key={r} size="small" label={roleLabel(r)} />) : 'None'}
          </Box>
        </Box>
      </Box>
      <PermissionSummary title="Permissions" byKind={user.permissions} />
      <PermissionSummary title="Requiring supervisor approval" byKind={user.approvals} />
      {abilities.manageUsers ? (
        <Box sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              onClick={startEdit}
              disabled={!!refusal}
              aria-describedby={refusal ? `refusal-${user.id}` : undefined}
            >
              Edit
            </Button>
            <Button
              color="error"
              variant="outlined"
              onClick={() => setConfirmDelete(true)}
              disabled={!!refusal}
              aria-describedby={refusal ? `refusal-${user.id}` : undefined}
            >
              Delete
            </Button>
          </Box>
          {refusal ? (
            <Typography id={`refusal-${user.id}`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {refusal}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {abilities.setSpendingCap ? <SpendingCapEditor userId={user.id} readOnlyReason={capRefusal(user)} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={confirmRemoval}
        message={`${user.user_name || user.email_address} will be removed from your company and signed out.`}
      />
    </Box>
  );
}
