import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Me } from '../../lib/session';
import { useSignOut } from './use-sign-out';

function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.[0] ?? email[0] ?? '?');
  return letters.toUpperCase();
}

/** The avatar button of the header and its panel: who is signed in, account settings and Log out. */
export function ProfileMenu({ me }: { me: Me }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = useSignOut();
  const panelId = useId();
  const titleId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        // The initials on the avatar are part of the name (WCAG 2.5.3, label in name).
        aria-label={`Profile menu ${initials(me.user.name, me.user.email)}`}
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{ width: 34, height: 34, bgcolor: '#fff', color: 'primary.main', fontSize: '0.95rem', fontWeight: 700 }}
        >
          {initials(me.user.name, me.user.email)}
        </Avatar>
      </IconButton>
      <Popover
        id={panelId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 280, maxWidth: 'calc(100vw - 16px)' } },
        }}
      >
        <Box sx={{ p: 2 }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 700 }}>
            {me.user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {me.user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {me.account.name}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Button component={RouterLink} to="/accountSettings" onClick={close} sx={{ justifyContent: 'flex-start' }}>
            Account settings
          </Button>
          <Button
            color="error"
            disabled={busy}
            sx={{ justifyContent: 'flex-start' }}
            onClick={async () => {
              setBusy(true);
              close();
              await signOut();
              setBusy(false);
            }}
          >
            Log out
          </Button>
        </Box>
      </Popover>
    </>
  );
}
