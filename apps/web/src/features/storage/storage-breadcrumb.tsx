import { breadcrumbSegments } from '@lp/domain';
import HomeIcon from '@mui/icons-material/Home';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { StorageFolderRef } from './api';

export const HOME_LABEL = 'Home';
export const BREADCRUMB_LABEL = 'Folder path';
export const collapsedLabel = (n: number) => `Show ${n} more ${n === 1 ? 'folder' : 'folders'}`;

export interface StorageBreadcrumbProps {
  /** The folders from the root (excluded) down to the current one. */
  path: readonly StorageFolderRef[];
  onOpen: (id: string | null) => void;
  /** While a folder loads every segment is disabled. */
  loading: boolean;
}

/**
 * The breadcrumb bar: Home, then the path's segments; at most 9 shown, the earlier ones behind an
 * ellipsis (a menu of them). The current folder is highlighted and disabled.
 */
export function StorageBreadcrumb({ path, onOpen, loading }: StorageBreadcrumbProps) {
  const { collapsed, shown } = breadcrumbSegments(path);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const last = path.length - 1;
  const segment = (ref: StorageFolderRef, index: number) => {
    const current = index === last;
    return (
      <Button
        key={ref.id}
        size="small"
        variant={current ? 'contained' : 'text'}
        disableElevation
        disabled={loading || current}
        aria-current={current ? 'location' : undefined}
        onClick={() => onOpen(ref.id)}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          maxWidth: { xs: 160, sm: 240 },
          '&.Mui-disabled': current
            ? { bgcolor: 'primary.main', color: 'primary.contrastText', opacity: loading ? 0.6 : 1 }
            : {},
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{ref.name}</span>
      </Button>
    );
  };
  const atRoot = path.length === 0;
  return (
    <>
      <Breadcrumbs
        aria-label={BREADCRUMB_LABEL}
        maxItems={Number.MAX_SAFE_INTEGER}
        sx={{ '& ol': { flexWrap: 'wrap', rowGap: 0.5 } }}
        data-testid="storage-breadcrumb"
      >
        <Button
          size="small"
          startIcon={<HomeIcon />}
          variant={atRoot ? 'contained' : 'text'}
          disableElevation
          disabled={loading || atRoot}
          aria-current={atRoot ? 'location' : undefined}
          onClick={() => onOpen(null)}
          sx={{
            textTransform: 'none',
            '&.Mui-disabled': atRoot
              ? { bgcolor: 'primary.main', color: 'primary.contrastText', opacity: loading ? 0.6 : 1 }
              : {},
          }}
        >
          {HOME_LABEL}
        </Button>
        {collapsed.length > 0 ? (
          <Button
            size="small"
            disabled={loading}
            aria-label={collapsedLabel(collapsed.length)}
            aria-haspopup="menu"
            aria-controls={menu ? menuId : undefined}
            aria-expanded={menu ? 'true' : undefined}
            onClick={(e) => setMenu(e.currentTarget)}
            data-testid="breadcrumb-ellipsis"
            sx={{ minWidth: 0 }}
          >
            <MoreHoriz />
          </Button>
        ) : null}
        {shown.map((ref, i) => segment(ref, collapsed.length + i))}
      </Breadcrumbs>
      {collapsed.length > 0 ? (
        <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {collapsed.map((ref) => (
            <MenuItem
              key={ref.id}
              onClick={() => {
                setMenu(null);
                onOpen(ref.id);
              }}
            >
              {ref.name}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </>
  );
}
