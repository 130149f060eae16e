import { visibleNavEntries } from '@lp/domain';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { ProfileMenu } from '../../features/auth/profile-menu';
import { UploadLettersButton } from '../../features/letters/upload-entry';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import type { Me } from '../../lib/session';
import { DRAWER_QUERY } from '../theme';
import { BrandLink } from './brand-link';
import { NavDrawer } from './nav-drawer';
import { MoreMenu, NavButton } from './nav-items';

/** The signed-in header: navigation (inline from 1100px, a drawer below), letter upload, the bell and the profile menu. */
export function AppHeader({ me, compact }: { me: Me; compact: boolean }) {
  const drawerMode = useMediaQuery(DRAWER_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const entries = visibleNavEntries(me.abilities, me.account.health);
  const primary = entries.filter((e) => !e.inMoreMenu);
  const more = entries.filter((e) => e.inMoreMenu);
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar variant={compact ? 'dense' : 'regular'} sx={{ gap: compact ? 0.5 : 1, px: compact ? 1 : 3 }}>
        {drawerMode ? (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-controls={drawerOpen ? drawerId : undefined}
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <BrandLink to="/main" compact={compact} />
        {drawerMode ? null : (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 3 }}>
            {primary.map((entry) => (
              <NavButton key={entry.key} entry={entry} />
            ))}
            {more.length > 0 ? <MoreMenu entries={more} /> : null}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <UploadLettersButton abilities={me.abilities} compact={compact || drawerMode} />
        <NotificationsBell />
        <ProfileMenu me={me} />
      </Toolbar>
      {drawerMode ? (
        <NavDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)} entries={entries} />
      ) : null}
    </AppBar>
  );
}
