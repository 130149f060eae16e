import { DRAWER_WIDTH } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name (its heading). */
  title: string;
  children: ReactNode;
  /** Buttons pinned at the bottom. */
  actions?: ReactNode;
  'data-testid'?: string;
}

/** A side drawer on the right, 700 px wide (full width on small screens), announced as a dialog. */
export function SidePanel({ open, onClose, title, children, actions, ...rest }: SidePanelProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      data-testid={rest['data-testid']}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: '100%', maxWidth: DRAWER_WIDTH, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 2 }}>{children}</Box>
      {actions ? (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'flex-end',
            px: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {actions}
        </Box>
      ) : null}
    </Drawer>
  );
}
