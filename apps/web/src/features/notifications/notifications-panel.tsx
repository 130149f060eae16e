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
import { Loading } from '../../components/loading';
import { notify } from '../../lib/notify';
import { type NotificationGroup, useClearNotifications, useNotificationGroups } from './api';

export const NO_NOTIFICATIONS = 'No notifications';

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
  const items = groups.data ?? [];
  const total = items.reduce((n, g) => n + g.details.length, 0);

  const clearOne = (notificationId?: string) => {
    clear.mutate(notificationId, {
      onError: () => notify(MESSAGES.permissionDenied, { variant: 'error' }),
    });
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
            <SenderGroup key={group.from} group={group} onDismiss={clearOne} />
          ))}
        </Box>
      )}
    </Popover>
  );
}

function SenderGroup({ group, onDismiss }: { group: NotificationGroup; onDismiss: (id: string) => void }) {
  const pending = group.details.filter((d) => d.approval);
  return (
    <Accordion disableGutters defaultExpanded>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>{group.from}</Typography>
        <Chip size="small" label={group.details.length} sx={{ mr: 1 }} />
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        {pending.length > 0 ? (
          <Typography variant="overline" sx={{ px: 2 }} component="p">
            Pending requests
          </Typography>
        ) : null}
        <List dense disablePadding>
          {group.details.map((d) => (
            <ListItem
              key={d.id}
              secondaryAction={
                <IconButton edge="end" aria-label={`Dismiss: ${d.description}`} onClick={() => onDismiss(d.id)}>
                  <Close fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={d.description}
                slotProps={{ primary: { sx: { fontWeight: d.highlight ? 700 : 400 } } }}
              />
            </ListItem>
          ))}
        </List>
      </AccordionDetails>
    </Accordion>
  );
}
