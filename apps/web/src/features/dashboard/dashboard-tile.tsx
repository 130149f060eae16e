import { DASHBOARD_TILE_WIDTH } from '@lp/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { NAV_ICONS } from '../../components/nav-icons';
import type { TileState } from './tiles';

const tileBodySx = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 1.5,
  p: 3,
  minHeight: 140,
  width: '100%',
  textDecoration: 'none',
  color: 'inherit',
} as const;

/** One dashboard tile: icon and title linking to its screen, and an optional menu of sub-items. */
export function DashboardTile({ tile }: { tile: TileState }) {
  const Icon = NAV_ICONS[tile.key];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const body = (
    <>
      {Icon ? (
        <Icon aria-hidden="true" sx={{ fontSize: 40, color: tile.disabled ? 'grey.600' : 'primary.main' }} />
      ) : null}
      <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
        {tile.title}
      </Typography>
    </>
  );
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid={`tile-${tile.key}`}
      data-disabled={tile.disabled ? 'true' : 'false'}
      sx={{
        position: 'relative',
        width: DASHBOARD_TILE_WIDTH,
        maxWidth: '100%',
        listStyle: 'none',
        bgcolor: tile.disabled ? 'grey.100' : 'background.paper',
        color: tile.disabled ? 'grey.700' : 'text.primary',
      }}
    >
      {tile.disabled ? (
        // Greyed out and not clickable: a link role without an address, marked disabled.
        <Box component="a" role="link" aria-disabled="true" sx={{ ...tileBodySx, cursor: 'not-allowed' }}>
          {body}
        </Box>
      ) : (
        <CardActionArea component={RouterLink} to={tile.path} sx={tileBodySx}>
          {body}
        </CardActionArea>
      )}
      {tile.items?.length ? (
        <>
          <IconButton
            id={buttonId}
            aria-label={`${tile.title} options`}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            disabled={tile.disabled}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            <ExpandMore />
          </IconButton>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={!!anchor}
            onClose={() => setAnchor(null)}
            slotProps={{ list: { 'aria-labelledby': buttonId } }}
          >
            {tile.items.map((item) => (
              <MenuItem key={item.label} component={RouterLink} to={item.path} onClick={() => setAnchor(null)}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Card>
  );
}
