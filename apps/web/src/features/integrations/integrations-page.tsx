import { INTEGRATION_PROVIDERS, type IntegrationKind, MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { type Integration, integrationFailureMessage, useIntegrations } from './api';
import { IntegrationCard } from './integration-card';
import { INTEGRATIONS_TEXT as T } from './texts';

const KINDS: readonly IntegrationKind[] = ['accounting', 'cloud'];

/**
 * /integrations (part 2 "Integrations screen"; issue 15 item 1; manage_integrations): a card per
 * provider, the accounting ones first, then the cloud drives (three a row, one under 900 px).
 */
export function IntegrationsPage() {
  const me = useMe().data;
  if (!me) return null;
  if (!me.abilities.includes('manage_integrations')) {
    return (
      <Page title={T.title}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Integrations />;
}

function Integrations() {
  const list = useIntegrations();
  return (
    <Page title={T.title} maxWidth={1366} help={SCREEN_HELP.integrations}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {T.tryAgain}
            </Button>
          }
        >
          {integrationFailureMessage(list.error)}
        </MessageBanner>
      ) : null}
      {list.data ? KINDS.map((kind) => <Group key={kind} kind={kind} integrations={list.data} />) : null}
    </Page>
  );
}

function Group({ kind, integrations }: { kind: IntegrationKind; integrations: Integration[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {T.group[kind]}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 2, md: 3 },
          alignItems: 'stretch',
        }}
      >
        {INTEGRATION_PROVIDERS.filter((p) => p.kind === kind).map((info) => (
          <IntegrationCard key={info.id} info={info} integration={integrations.find((i) => i.provider === info.id)} />
        ))}
      </Box>
    </Box>
  );
}

export default IntegrationsPage;
