import { LETTERHEAD_KINDS, MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { useLetterheads } from './api';
import { InsertsSection } from './inserts-section';
import { LetterheadCard } from './letterhead-card';

export const LETTERHEADS_TITLE = 'Letterheads';
export const LETTERHEADS_INTRO =
  'A letterhead is printed behind the content of the letters you choose it for: the first page of a PDF, or an image, on A4.';

/**
 * /letterheads (part 2 "Letterheads screen"; issue 12 item 4): the primary and secondary letterheads as
 * two cards (side by side, stacked under 900 px). manage_letterheads uploads and deletes; send_letter
 * (which picks a letterhead when sending) sees them.
 */
export function LetterheadsPage() {
  const me = useMe().data;
  if (!me) return null;
  const abilities = new Set(me.abilities);
  const canManage = abilities.has('manage_letterheads');
  if (!canManage && !abilities.has('send_letter')) {
    return (
      <Page title={LETTERHEADS_TITLE}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Letterheads canManage={canManage} />;
}

function Letterheads({ canManage }: { canManage: boolean }) {
  const list = useLetterheads();
  return (
    <Page title={LETTERHEADS_TITLE} maxWidth={1366} help={SCREEN_HELP.letterheads}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {LETTERHEADS_INTRO}
      </Typography>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {list.error.message || MESSAGES.genericError}
        </MessageBanner>
      ) : null}
      {list.data ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gap: { xs: 2, md: 3 },
            alignItems: 'start',
          }}
        >
          {LETTERHEAD_KINDS.map((kind) => (
            <LetterheadCard
              key={kind}
              kind={kind}
              letterhead={list.data.find((l) => l.kind === kind)}
              canManage={canManage}
            />
          ))}
        </Box>
      ) : null}
      <InsertsSection canManage={canManage} />
    </Page>
  );
}

export default LetterheadsPage;
