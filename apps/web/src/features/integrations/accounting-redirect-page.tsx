import { INTEGRATION_MESSAGES, type IntegrationProviderInfo, MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { MessageBanner } from '../../components/message-banner';
import { NotFound } from '../../components/not-found';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { type AccountingSlug, findAccountingProvider, findCloudProvider } from './accounting-providers';
import {
  browserNavigation,
  checkIntegration,
  integrationFailureMessage,
  integrationKeys,
  isUpgradeRequired,
  type ProviderReturn,
  registerReturn,
  startConnect,
} from './api';
import { INTEGRATIONS_TEXT as T } from './texts';

/** The return page of an accounting provider's authorisation (/xeroRedirect, /quickBooksRedirect, /sageRedirect). */
export function AccountingRedirectPage({ provider }: { provider: AccountingSlug }) {
  const info = findAccountingProvider(provider);
  if (!info) return <NotFound />;
  return <ProviderReturnPage info={info} />;
}

/** The cloud drives' return page: /cloudRedirect?provider=google_drive (or dropbox, onedrive). */
export function CloudRedirectPage() {
  const [params] = useSearchParams();
  const info = findCloudProvider(params.get('provider'));
  if (!info) return <NotFound />;
  return <ProviderReturnPage info={info} />;
}

/** What the provider put in the address: a code and state, or its refusal. */
type Returned = { kind: 'back'; back: ProviderReturn } | { kind: 'refused' } | { kind: 'incomplete' };

/** Query parameters that are not the provider's (ours, or the exchange's own). */
const OWN_PARAMS = new Set(['code', 'state', 'error', 'error_description', 'error_uri', 'provider', 'scope']);

/** Reads the provider's answer; anything else it sent back (QuickBooks' realmId) goes with the code. */
export function readProviderReturn(params: URLSearchParams): Returned {
  if (params.get('error')) return { kind: 'refused' };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'incomplete' };
  const additionalInfo: Record<string, string> = {};
  for (const [key, value] of params) if (!OWN_PARAMS.has(key)) additionalInfo[key] = value;
  return { kind: 'back', back: { code, state, additionalInfo } };
}

/** What the page tells when the connection did not happen. */
interface Failure {
  /** The spec's words: 'An error occured', 'An error occured. Please try again.' or the upgrade text. */
  title: string;
  detail?: string;
  upgrade?: boolean;
  /** Offer to start the connection again. */
  retry?: boolean;
}

function callFailure(error: unknown): Failure {
  if (isUpgradeRequired(error)) return { title: integrationFailureMessage(error), upgrade: true };
  // The server's own reason (the state expired, the provider refused the code) says what to do.
  const reason =
    isApiError(error) && error.status >= 400 && error.status < 500 && error.message !== MESSAGES.genericError
      ? integrationFailureMessage(error)
      : undefined;
  return { title: INTEGRATION_MESSAGES.errorTryAgain, retry: true, ...(reason ? { detail: reason } : {}) };
}

// The code can be exchanged once: these queries are never refetched (no retry, no refresh on
// focus; their key is not 'integrations', so a live refresh leaves them alone), and React's
// second mount in development finds the first call's answer instead of posting the code again.
const ONCE = {
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;

/**
 * Registers the code the provider returned (POST /api/integrations/{provider}/redirect), then checks
 * the connection (POST /api/integrations/check). Connected: "Connected {provider} integration." and
 * on to /integrations. Otherwise the spec's check texts, with the way back.
 */
function ProviderReturnPage({ info }: { info: IntegrationProviderInfo }) {
  const me = useMe().data;
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [returned] = useState(() => readProviderReturn(params));
  const allowed = me?.abilities.includes('manage_integrations') ?? false;
  const back = returned.kind === 'back' ? returned.back : null;

  const register = useQuery({
    queryKey: ['integration-return', info.id, back?.code ?? '', back?.state ?? '', 'register'],
    queryFn: () => registerReturn(info.id, back!),
    enabled: allowed && back !== null,
    ...ONCE,
  });
  const registered = register.isSuccess && register.data?.connected !== false;
  const check = useQuery({
    queryKey: ['integration-return', info.id, back?.code ?? '', back?.state ?? '', 'check'],
    queryFn: () => checkIntegration(info.id),
    enabled: registered,
    ...ONCE,
  });

  const announced = useRef(false);
  const connected = check.data?.connected === true;
  useEffect(() => {
    if (!connected || announced.current) return;
    announced.current = true;
    notify(INTEGRATION_MESSAGES.connected(info.name), { variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    void navigate('/integrations', { replace: true });
  }, [connected, info.name, navigate, queryClient]);

  const title = T.returnTitle(info.name);
  if (!me) return null;
  if (!allowed)
    return (
      <Page title={title}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );

  let failure: Failure | null = null;
  if (returned.kind === 'refused')
    failure = {
      title: INTEGRATION_MESSAGES.errorTryAgain,
      detail: INTEGRATION_MESSAGES.denied(info.name),
      retry: true,
    };
  else if (returned.kind === 'incomplete')
    failure = { title: INTEGRATION_MESSAGES.error, detail: INTEGRATION_MESSAGES.stateInvalid };
  else if (register.isError) failure = callFailure(register.error);
  else if (register.isSuccess && !registered) failure = { title: INTEGRATION_MESSAGES.errorTryAgain, retry: true };
  else if (check.isError) failure = callFailure(check.error);
  else if (check.data && !connected)
    failure = {
      title: INTEGRATION_MESSAGES.error,
      detail:
        check.data.status === 'revoked'
          ? INTEGRATION_MESSAGES.revoked(info.name)
          : INTEGRATION_MESSAGES.providerDown(info.name),
      retry: true,
    };

  return (
    <Page title={title} maxWidth={720}>
      {failure ? (
        <FailureBanner info={info} failure={failure} />
      ) : (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, py: 2 }}>
          <LinearProgress aria-label={title} />
          <Typography>{registered ? T.checking(info.name) : T.registering(info.name)}</Typography>
        </Box>
      )}
    </Page>
  );
}

function FailureBanner({ info, failure }: { info: IntegrationProviderInfo; failure: Failure }) {
  const [restarting, setRestarting] = useState(false);
  const restart = async () => {
    setRestarting(true);
    try {
      const { url } = await startConnect(info.id);
      browserNavigation.assign(url);
    } catch (error) {
      setRestarting(false);
      notify(integrationFailureMessage(error), { variant: 'error' });
    }
  };
  return (
    <MessageBanner kind="error" title={failure.detail ? failure.title : undefined} data-testid="return-failure">
      {failure.detail ?? failure.title}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {failure.retry ? (
          <Button variant="contained" size="small" onClick={() => void restart()} disabled={restarting}>
            {restarting ? T.connecting(info.name) : T.tryAgain}
          </Button>
        ) : null}
        {failure.upgrade ? (
          <Button variant="contained" size="small" component={RouterLink} to="/plans">
            {T.seePlans}
          </Button>
        ) : null}
        <Button variant="outlined" size="small" component={RouterLink} to="/integrations">
          {T.goToIntegrations}
        </Button>
      </Box>
    </MessageBanner>
  );
}

export default AccountingRedirectPage;
