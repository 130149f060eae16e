import { PERMISSION_CATALOGUE } from '@lp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { DigitalTestForm } from './digital-test-form';
import { LetterTestForm } from './letter-test-form';
import { COMMS_TEXT } from './section';

/**
 * /testComms (part 1 sections 2 and 7): "Send yourself an email/SMS" and "Post Letter" go through
 * the same providers, and are charged like, a delivery. Sending needs send_letter; without it the
 * forms are shown switched off, with the reason.
 */
export function TestCommsPage() {
  const me = useMe().data;
  if (!me) return null;
  const canSend = me.abilities.includes('send_letter');
  return (
    <Page title={COMMS_TEXT.title} maxWidth={1200}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {COMMS_TEXT.intro}
      </Typography>
      {canSend ? null : (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">{COMMS_TEXT.noRight(PERMISSION_CATALOGUE.send_letter.label)}</MessageBanner>
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        <DigitalTestForm email={me.user.email} canSend={canSend} />
        <LetterTestForm canSend={canSend} />
      </Box>
    </Page>
  );
}

export default TestCommsPage;
