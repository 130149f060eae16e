import { tilesEnabled } from '@lp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Page } from '../../components/page';
import { greetingName } from '../../lib/greeting';
import type { Me } from '../../lib/session';
import { useMe } from '../../lib/session';
import { DashboardTile } from './dashboard-tile';
import { FirstRunWelcome } from './first-run-welcome';
import { visibleTiles } from './tiles';

/** The home dashboard (/ signed in, and /main). */
export function HomePage() {
  const me = useMe().data;
  if (!me) return null;
  return <Dashboard me={me} />;
}

function Dashboard({ me }: { me: Me }) {
  const tiles = visibleTiles(me.abilities, me.account.health);
  const enabled = tilesEnabled(me.account.health);
  return (
    <Page title="Home">
      <FirstRunWelcome me={me} />
      <Typography sx={{ mb: 3 }} color="text.secondary">
        Hello {greetingName(me)}, this is {me.account.name}'s dashboard. Where would you like to start?
      </Typography>
      {enabled ? null : (
        <Typography sx={{ mb: 2 }} role="note">
          The shortcuts are unavailable while the account is not active.
        </Typography>
      )}
      <Box
        component="ul"
        aria-label="Shortcuts"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          p: 0,
          m: 0,
          justifyContent: { xs: 'center', sm: 'flex-start' },
        }}
      >
        {tiles.map((tile) => (
          <DashboardTile key={tile.key} tile={tile} />
        ))}
      </Box>
    </Page>
  );
}

export default HomePage;
