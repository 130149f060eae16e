import { type AccountingEntityType, INTEGRATION_MESSAGES, type IntegrationProviderInfo } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MessageBanner } from '../../components/message-banner';
import { notify } from '../../lib/notify';
import { importPath } from './accounting-providers';
import {
  browserNavigation,
  type Integration,
  integrationFailureMessage,
  isUpgradeRequired,
  startConnect,
  useAutoSync,
  useDisconnect,
} from './api';
import { ProviderLogo } from './provider-logo';
import { INTEGRATIONS_TEXT as T } from './texts';

export interface IntegrationCardProps {
  info: IntegrationProviderInfo;
  /** The provider's row of GET /api/integrations (absent only if the server left it out). */
  integration: Integration | undefined;
}

/**
 * One provider (part 2 "Integrations screen"): its mark, name and description, a Connected banner
 * (or what went wrong with the connection), Connect (Reconnect once the provider revoked our access)
 * and Disconnect, the auto-sync switch (a cloud drive copies letters; an accounting provider imports
 * new invoices every hour, issue 27 item 20), and the accounting providers' Invoices and Contacts
 * import pages.
 */
export function IntegrationCard({ info, integration }: IntegrationCardProps) {
  const titleId = useId();
  const name = info.name;
  const connected = integration?.connected ?? false;
  const status = integration?.status ?? null;
  const revoked = status === 'revoked';
  const [opening, setOpening] = useState(false);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnect();

  // Back from the provider with the browser's Back button, the page may come from the page cache
  // with the button still busy.
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => {
      if (e.persisted) setOpening(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const connect = async () => {
    setOpening(true);
    setUpgrade(null);
    try {
      const { url } = await startConnect(info.id);
      browserNavigation.assign(url);
    } catch (error) {
      setOpening(false);
      const message = integrationFailureMessage(error);
      if (isUpgradeRequired(error)) setUpgrade(message);
      notify(message, { variant: 'error' });
    }
  };

  const confirmDisconnect = () =>
    disconnect.mutate(info.id, {
      onSuccess: (answer) => {
        setConfirming(false);
        notify(answer?.message || INTEGRATION_MESSAGES.disconnected(name), { variant: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        notify(integrationFailureMessage(error), { variant: 'error' });
      },
    });

  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={`integration-${info.id}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ProviderLogo provider={info.id} />
        <Typography id={titleId} variant="h6" component="h3">
          {name}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ flex: 1 }}>
        {integration?.description || info.description}
      </Typography>

      <ConnectionBanner name={name} integration={integration} />

      {integration && !integration.plan_allows && !connected ? (
        <Typography variant="body2" color="text.secondary">
          {T.notInPlan(info.kind)}{' '}
          <Link component={RouterLink} to="/plans">
            {T.seePlans}
          </Link>
        </Typography>
      ) : null}

      {upgrade ? (
        <MessageBanner
          kind="error"
          onClose={() => setUpgrade(null)}
          action={
            <Button component={RouterLink} to="/plans" color="inherit" size="small">
              {T.seePlans}
            </Button>
          }
        >
          {upgrade}
        </MessageBanner>
      ) : null}

      <AutoSyncSwitch info={info} integration={integration} />

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!connected || revoked ? (
          <Button
            variant="contained"
            onClick={() => void connect()}
            disabled={opening}
            aria-label={opening ? undefined : revoked ? T.reconnectLabel(name) : T.connectLabel(name)}
          >
            {opening ? T.connecting(name) : revoked ? T.reconnect : T.connect}
          </Button>
        ) : null}
        {connected ? (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirming(true)}
            disabled={disconnect.isPending}
            aria-label={T.disconnectLabel(name)}
          >
            {T.disconnect}
          </Button>
        ) : null}
        {info.kind === 'accounting'
          ? (['invoices', 'contacts'] as const satisfies readonly AccountingEntityType[]).map((entity) => (
              <ImportButton key={entity} info={info} entity={entity} enabled={connected} />
            ))
          : null}
      </Box>

      <ConfirmDialog
        open={confirming}
        busy={disconnect.isPending}
        message={T.confirmDisconnect(name)}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDisconnect}
      />
    </Card>
  );
}

/** Connected (to which organisation, since when), or why the connection no longer works. */
function ConnectionBanner({ name, integration }: { name: string; integration: Integration | undefined }) {
  if (!integration?.connected) return null;
  if (integration.status === 'revoked')
    return (
      <MessageBanner kind="warning" data-testid="connection-banner">
        {INTEGRATION_MESSAGES.revoked(name)}
      </MessageBanner>
    );
  if (integration.status === 'error')
    return (
      <MessageBanner kind="warning" data-testid="connection-banner">
        {INTEGRATION_MESSAGES.providerDown(name)}
      </MessageBanner>
    );
  const details = [
    integration.tenant_name ? T.connectedTo(integration.tenant_name) : null,
    integration.connected_at ? T.since(integration.connected_at) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <MessageBanner kind="success" title={T.connected} data-testid="connection-banner">
      {details || null}
    </MessageBanner>
  );
}

function ImportButton({
  info,
  entity,
  enabled,
}: {
  info: IntegrationProviderInfo;
  entity: AccountingEntityType;
  enabled: boolean;
}) {
  const label = entity === 'invoices' ? T.invoices : T.contacts;
  const accessibleName = T.entityLabel(info.name, entity);
  if (!enabled)
    return (
      <Button variant="text" disabled aria-label={accessibleName}>
        {label}
      </Button>
    );
  return (
    <Button variant="text" component={RouterLink} to={importPath(info, entity)} aria-label={accessibleName}>
      {label}
    </Button>
  );
}

/**
 * Auto-sync (the spec's togglesync; part 2: the cards show it): a cloud drive copies every letter
 * sent; an accounting provider imports its new sales invoices as letters every hour, what it does
 * written under the switch.
 */
function AutoSyncSwitch({ info, integration }: IntegrationCardProps) {
  const hintId = useId();
  const accounting = info.kind === 'accounting';
  const save = useAutoSync();
  const connected = integration?.connected ?? false;
  const stored = integration?.auto_sync ?? false;
  const value = save.isPending && save.variables ? save.variables.sync : stored;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={value}
            disabled={!connected || save.isPending}
            slotProps={{ input: connected && !accounting ? {} : { 'aria-describedby': hintId } }}
            onChange={(e) =>
              save.mutate(
                { provider: info.id, sync: e.target.checked },
                {
                  onSuccess: (answer, { sync }) =>
                    notify(
                      answer.message ||
                        (accounting
                          ? sync
                            ? INTEGRATION_MESSAGES.invoiceSyncOn(info.name)
                            : INTEGRATION_MESSAGES.invoiceSyncOff(info.name)
                          : sync
                            ? INTEGRATION_MESSAGES.autoSyncOn(info.name)
                            : INTEGRATION_MESSAGES.autoSyncOff(info.name)),
                      { variant: 'success' },
                    ),
                  onError: (error) => notify(integrationFailureMessage(error), { variant: 'error' }),
                },
              )
            }
          />
        }
        label={accounting ? T.importInvoicesHourly : T.copyLetters(info.name)}
      />
      {accounting ? (
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {INTEGRATION_MESSAGES.invoiceSyncHint(info.name)}
          {connected ? '' : ` ${T.autoSyncHint}`}
        </FormHelperText>
      ) : connected ? null : (
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {T.autoSyncHint}
        </FormHelperText>
      )}
    </Box>
  );
}
