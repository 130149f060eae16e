import { formatBadgeCount } from '@lp/domain';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useNotificationCount } from './api';
import { NotificationsPanel } from './notifications-panel';

/** The header bell: a count badge (99+ above 99) and the notifications panel. */
export function NotificationsBell() {
  const count = useNotificationCount().data ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        // The visible count is part of the name (WCAG 2.5.3, label in name).
        aria-label={count > 0 ? `Notifications ${formatBadgeCount(count)}` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge
          badgeContent={count > 0 ? formatBadgeCount(count) : null}
          invisible={count <= 0}
          color="error"
          data-testid="notifications-count"
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <NotificationsPanel id={panelId} count={count} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
