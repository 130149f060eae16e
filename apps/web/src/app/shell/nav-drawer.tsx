import type { NavItemState } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NAV_ICONS } from '../../components/nav-icons';
import { isActivePath } from './nav-items';

export interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  entries: NavItemState[];
}

const HOME_ENTRY = { key: 'home', label: 'Home', path: '/main', disabled: false };

/** The side drawer that holds the navigation below 1100px. */
export function NavDrawer({ id, open, onClose, entries }: NavDrawerProps) {
  const { pathname } = useLocation();
  const titleId = useId();
  const items = [HOME_ENTRY, ...entries];
  return (
    <Drawer
      id={id}
      anchor="left"
      open={open}
      onClose={onClose}
      data-testid="nav-drawer"
      slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          Navigation
        </Typography>
        <IconButton aria-label="Close navigation" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Main">
        <List>
          {items.map((entry) => (
            <DrawerEntry
              key={entry.key}
              entry={entry}
              selected={isActivePath(pathname, entry.path)}
              onClose={onClose}
            />
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

function DrawerEntry({
  entry,
  selected,
  onClose,
}: {
  entry: Pick<NavItemState, 'key' | 'label' | 'path' | 'disabled'>;
  selected: boolean;
  onClose: () => void;
}) {
  const Icon = NAV_ICONS[entry.key];
  const icon = Icon ? (
    <ListItemIcon>
      <Icon aria-hidden="true" />
    </ListItemIcon>
  ) : null;
  if (entry.disabled) {
    return (
      <ListItemButton component="a" role="link" aria-disabled="true" disabled>
        {icon}
        <ListItemText primary={entry.label} />
      </ListItemButton>
    );
  }
  return (
    <ListItemButton component={NavLink} to={entry.path} selected={selected} onClick={onClose}>
      {icon}
      <ListItemText primary={entry.label} />
    </ListItemButton>
  );
}
