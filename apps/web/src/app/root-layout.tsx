import { MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/loading';
import { MessageBanner } from '../components/message-banner';
import { dismissFieldErrors } from '../lib/field-toasts';
import { useMe } from '../lib/session';
import { AFTER_SIGN_UP, guardRedirect, isBarePath } from './route-guard';
import { BareShell } from './shell/bare-shell';
import { SignedOutShell } from './shell/signed-out-shell';

// The signed-in shell (navigation, menus, drawer, notifications) is not needed to sign in: load it on demand.
const SignedInShell = lazy(() => import('./shell/signed-in-shell'));

/** The root of every route: waits for the session, applies the routing rules, then picks the shell. */
export function RootLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  // A field's error message belongs to its page: going elsewhere takes it away (issue 27 item 13).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the path changes
  useEffect(() => dismissFieldErrors(), [pathname]);

  const bare = isBarePath(pathname);

  if (me.isPending) return <Loading minHeight="100vh" />;
  // A bare page open to all (/cloud) needs no session: it works even when the session cannot be read.
  if (me.isError && bare) return <BareShell />;
  if (me.isError) {
    return (
      <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void me.refetch()}>
              Try again
            </Button>
          }
        >
          {MESSAGES.genericError}
        </MessageBanner>
      </Box>
    );
  }

  const signedIn = me.data !== null;
  const redirect = guardRedirect(pathname, signedIn, me.data?.user.firstTime ?? false);
  if (redirect && redirect !== pathname)
    return <Navigate to={redirect} replace state={redirect === AFTER_SIGN_UP ? { afterSignUp: true } : undefined} />;

  if (!me.data) return bare ? <BareShell /> : <SignedOutShell />;
  return (
    <Suspense fallback={<Loading minHeight="100vh" />}>
      <SignedInShell me={me.data} />
    </Suspense>
  );
}
