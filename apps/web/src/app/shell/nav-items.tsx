import type { NavItemState } from '@lp/domain';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

const navButtonSx = {
  color: 'inherit',
  px: 1.5,
  whiteSpace: 'nowrap',
  '&.active': { bgcolor: 'rgba(255,255,255,0.18)', boxShadow: 'inset 0 -3px 0 #fff' },
  // Still readable (above 4.5:1 on the primary colour) but visibly off.
  '&.Mui-disabled, &[aria-disabled="true"]': { color: 'rgba(255,255,255,0.75)', cursor: 'not-allowed' },
} as const;

/** True when the current path is the entry's screen or one below it. */
export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A header navigation entry: a link (aria-current="page" when selected), or a disabled link. */
export function NavButton({ entry }: { entry: NavItemState }) {
  if (entry.disabled) {
    return (
      <Button component="a" role="link" aria-disabled="true" disabled sx={navButtonSx}>
        {entry.label}
      </Button>
    );
  }
  return (
    <Button component={NavLink} to={entry.path} sx={navButtonSx}>
      {entry.label}
    </Button>
  );
}

/** The "More" menu of the header with the secondary entries. */
export function MoreMenu({ entries }: { entries: NavItemState[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const menuId = useId();
  const buttonId = useId();
  const holdsActive = entries.some((e) => isActivePath(pathname, e.path));
  return (
    <>
      <Button
        id={buttonId}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDown />}
        className={holdsActive ? 'active' : undefined}
        sx={navButtonSx}
      >
        More
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {entries.map((entry) =>
          entry.disabled ? (
            <MenuItem key={entry.key} disabled>
              {entry.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.key}
              component={NavLink}
              to={entry.path}
              selected={isActivePath(pathname, entry.path)}
              onClick={() => setAnchor(null)}
            >
              {entry.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
