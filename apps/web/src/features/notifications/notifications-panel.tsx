import { MESSAGES } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/loading';
import { notify } from '../../lib/notify';
import {
  type NotificationApproval,
  type NotificationDetail,
  type NotificationGroup,
  useClearNotifications,
  useDecideApproval,
  useNotificationGroups,
  type Verdict,
} from './api';

export const NO_NOTIFICATIONS = 'No notifications';
export const PENDING_REQUESTS = 'Pending requests';

/**
 * Where "View" leads for an approval: the entity when it is a user or a department (with the
 * supervised user's address as a fallback), otherwise the supervised user's details.
 */
export function approvalTarget(approval: NotificationApproval): string {
  const email = `email=${encodeURIComponent(approval.supervised_user)}`;
  if (approval.entity_type === 'user' && approval.entity_id) {
    return `/users?user=${encodeURIComponent(approval.entity_id)}&${email}`;
  }
  if (approval.entity_type === 'department' && approval.entity_id) {
    return `/departments?department=${encodeURIComponent(approval.entity_id)}`;
  }
  return `/users?${email}`;
}

export interface NotificationsPanelProps {
  id: string;
  /** The bell's count: with none, the panel shows its empty state without asking the server. */
  count: number;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The panel titled "Notifications": one accordion per sender with a count, a Clear button, dismissable items. */
export function NotificationsPanel({ id, count, anchor, onClose }: NotificationsPanelProps) {
  const open = !!anchor;
  const titleId = useId();
  const groups = useNotificationGroups(open && count > 0);
  const clear = useClearNotifications();
  const decide = useDecideApproval();
  const navigate = useNavigate();
  const items = groups.data ?? [];
  const total = items.reduce((n, g) => n + g.details.length, 0);

  const clearOne = (notificationId?: string) => {
    clear.mutate(notificationId, {
      onError: () => notify(MESSAGES.permissionDenied, { variant: 'error' }),
    });
  };

  const actions: ItemActions = {
    onDismiss: (notificationId) => clearOne(notificationId),
    onView: (approval) => {
      onClose();
      void navigate(approvalTarget(approval));
    },
    onDecide: (approval, verdict) =>
      decide.mutate(
        { approval_id: approval.approval_id, verdict },
        {
          onSuccess: () =>
            notify(verdict === 'approve' ? 'Request approved' : 'Request declined', { variant: 'success' }),
          onError: () => notify(MESSAGES.permissionDenied, { variant: 'error' }),
        },
      ),
    busy: decide.isPending,
  };

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button onClick={() => (total > 0 ? clearOne() : undefined)} disabled={clear.isPending}>
          Clear
        </Button>
      </Box>
      {groups.isLoading ? (
        <Loading />
      ) : total === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {NO_NOTIFICATIONS}
        </Typography>
      ) : (
        <Box>
          {items.map((group) => (
            <SenderGroup key={group.from} group={group} actions={actions} />
          ))}
        </Box>
      )}
    </Popover>
  );
}

interface ItemActions {
  onDismiss: (id: string) => void;
  onView: (approval: NotificationApproval) => void;
  onDecide: (approval: NotificationApproval, verdict: Verdict) => void;
  busy: boolean;
}

function SenderGroup({ group, actions }: { group: NotificationGroup; actions: ItemActions }) {
  const pending = group.details.filter((d) => d.approval);
  const others = group.details.filter((d) => !d.approval);
  return (
    <Accordion disableGutters defaultExpanded>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>{group.from}</Typography>
        <Chip size="small" label={group.details.length} sx={{ mr: 1 }} />
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        {pending.length > 0 ? (
          <>
            <Typography variant="overline" sx={{ px: 2 }} component="p">
              {PENDING_REQUESTS}
            </Typography>
            <List dense disablePadding>
              {pending.map((d) => (
                <NotificationItem key={d.id} detail={d} actions={actions} />
              ))}
            </List>
          </>
        ) : null}
        {others.length > 0 ? (
          <List dense disablePadding>
            {others.map((d) => (
              <NotificationItem key={d.id} detail={d} actions={actions} />
            ))}
          </List>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}

function NotificationItem({ detail, actions }: { detail: NotificationDetail; actions: ItemActions }) {
  const approval = detail.approval;
  return (
    <ListItem
      sx={{ flexWrap: 'wrap', pr: 6 }}
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={`Dismiss: ${detail.description}`}
          onClick={() => actions.onDismiss(detail.id)}
        >
          <Close fontSize="small" />
        </IconButton>
      }
    >
      <ListItemText
        primary={detail.description}
        slotProps={{ primary: { sx: { fontWeight: detail.highlight ? 700 : 400 } } }}
      />
      {approval ? (
        <Box sx={{ display: 'flex', gap: 1, width: '100%', justifyContent: 'flex-end', pb: 1 }}>
          <Button size="small" onClick={() => actions.onView(approval)}>
            View
          </Button>
          <Button size="small" color="error" disabled={actions.busy} onClick={() => actions.onDecide(approval, 'deny')}>
            Decline
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={actions.busy}
            onClick={() => actions.onDecide(approval, 'approve')}
          >
            Approve
          </Button>
        </Box>
      ) : null}
    </ListItem>
  );
}
