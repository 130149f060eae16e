import { INTEGRATION_MESSAGES, type IntegrationProviderInfo, MESSAGES, type RedirectBody } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
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

/**
 * The cloud drives' return page: /cloudRedirect?provider=google_drive (or dropbox, onedrive), or
 * /cloudRedirect/google_drive for providers that refuse a query string in a registered return address.
 */
export function CloudRedirectPage() {
  const [params] = useSearchParams();
  const { provider } = useParams();
  const info = findCloudProvider(provider ?? params.get('provider'));
  if (!info) return <NotFound />;
  return <ProviderReturnPage info={info} />;
}

/** What the provider put in the address: a code and state, or its refusal. */
type Returned =
  | { kind: 'back'; body: RedirectBody }
  | { kind: 'refused'; body: RedirectBody | null }
  | { kind: 'incomplete' };

/** What else a provider returns that the exchange needs: QuickBooks' realm (the company). */
const EXTRA_PARAMS = ['realmId'] as const;

/** Reads the provider's answer into the body of POST .../redirect. */
export function readProviderReturn(params: URLSearchParams): Returned {
  const state = params.get('state');
  const error = params.get('error');
  if (error) return { kind: 'refused', body: state ? { state, error: error.slice(0, 200) } : null };
  const code = params.get('code');
  if (!code || !state) return { kind: 'incomplete' };
  const additional_info: Record<string, string> = {};
  for (const key of EXTRA_PARAMS) {
    const value = params.get(key);
    if (value) additional_info[key] = value;
  }
  return { kind: 'back', body: { auth_code: code, state, additional_info } };
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

/** The spec's headline, with a reason beneath only when it says more. */
function failure(title: string, detail: string | null | undefined, more: Omit<Failure, 'title' | 'detail'> = {}) {
  return { title, ...(detail && detail !== title ? { detail } : {}), ...more };
}

function callFailure(error: unknown): Failure {
  if (isUpgradeRequired(error)) return { title: integrationFailureMessage(error), upgrade: true };
  // The server's own reason (the state expired, the provider did not answer) says what to do.
  const said = isApiError(error) && error.status >= 400 && error.message !== MESSAGES.genericError;
  return failure(INTEGRATION_MESSAGES.errorTryAgain, said ? integrationFailureMessage(error) : null, { retry: true });
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
  const body = returned.kind === 'incomplete' ? null : returned.body;
  const key = ['integration-return', info.id, body?.auth_code ?? body?.error ?? '', body?.state ?? ''] as const;

  const register = useQuery({
    queryKey: [...key, 'register'],
    queryFn: () => registerReturn(info.id, body!),
    enabled: allowed && body !== null,
    ...ONCE,
  });
  const refused = returned.kind === 'refused';
  const registered = !refused && register.isSuccess && register.data?.connected === true;
  const check = useQuery({
    queryKey: [...key, 'check'],
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

  let failed: Failure | null = null;
  // Refused at the provider: the server is told (so the state is spent) but its answer adds nothing.
  if (refused)
    failed = failure(INTEGRATION_MESSAGES.errorTryAgain, INTEGRATION_MESSAGES.denied(info.name), { retry: true });
  else if (returned.kind === 'incomplete')
    failed = failure(INTEGRATION_MESSAGES.error, INTEGRATION_MESSAGES.stateInvalid, { retry: true });
  else if (register.isError) failed = callFailure(register.error);
  else if (register.isSuccess && !registered)
    failed = failure(INTEGRATION_MESSAGES.errorTryAgain, null, { retry: true });
  else if (check.isError) failed = callFailure(check.error);
  else if (check.data && !connected)
    // Stored, but the provider does not take the tokens now: not answering (try again), or revoked.
    failed =
      check.data.status === 'error'
        ? failure(INTEGRATION_MESSAGES.errorTryAgain, check.data.message, { retry: true })
        : failure(INTEGRATION_MESSAGES.error, check.data.message ?? INTEGRATION_MESSAGES.revoked(info.name), {
            retry: true,
          });

  return (
    <Page title={title} maxWidth={720}>
      {failed ? (
        <FailureBanner info={info} failure={failed} />
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
