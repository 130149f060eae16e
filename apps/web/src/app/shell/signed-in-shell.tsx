import { deniedScreen } from '@lp/domain';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HelpButton } from '../../components/help-button';
import { Loading } from '../../components/loading';
import { NoAccess } from '../../components/no-access';
import { SuspendedBanner } from '../../features/account/suspended-banner';
import { useIdleSignOut } from '../../features/auth/use-idle-sign-out';
import { useSignOut } from '../../features/auth/use-sign-out';
import { BalanceWidget } from '../../features/finances/balance-widget';
import { LetterUploadsHost } from '../../features/letters/upload-entry';
import { useLiveUpdates } from '../../features/notifications/live-updates';
import { greetingName } from '../../lib/greeting';
import { notify } from '../../lib/notify';
import type { Me } from '../../lib/session';
import { isBarePath } from '../route-guard';
import { COMPACT_QUERY } from '../theme';
import { AppHeader } from './app-header';
import { BareShell } from './bare-shell';
import { MAIN_ID, SkipLink } from './skip-link';

const idleNotify = (message: string, variant: 'info') => notify(message, { variant });

/**
 * The signed-in shell: header and navigation, the page, a footer bar with the help button (bottom
 * left) and the balance widget (bottom right) above the suspended-account banner, and the global
 * letter upload.
 */
export function SignedInShell({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const compact = useMediaQuery(COMPACT_QUERY);
  const signOut = useSignOut();
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  // The page scrolls inside main: a new page starts at its top, as a new document would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the path changes
  useEffect(() => {
    mainRef.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  const idleSignOut = useCallback(() => void signOut(), [signOut]);
  useIdleSignOut({ enabled: true, firstName: greetingName(me), notify: idleNotify, signOut: idleSignOut });
  // Live notifications and refresh signals, for as long as someone is signed in (also on /cloud).
  useLiveUpdates();

  // A screen the member may not open shows one clear no-access state, not its toolbar around an error.
  const denied = deniedScreen(pathname, me.abilities);
  const page = denied ? (
    <NoAccess screen={denied.label} />
  ) : (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );

  if (isBarePath(pathname)) return <BareShell />;

  const showBanner = me.account.health.status === 'suspended' && !bannerDismissed;
  // A frame, not floating buttons (issue 27 item 11): the page scrolls between the header and a
  // footer bar holding the help button, the balance widget and the banner, so nothing a user must
  // read or press is ever under them, at any width.
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <SkipLink />
      <AppHeader me={me} compact={compact} />
      <Box
        component="main"
        id={MAIN_ID}
        ref={mainRef}
        tabIndex={-1}
        sx={{
          flex: '1 1 auto',
          minHeight: 0,
          overflowY: 'auto',
          outline: 'none',
          px: compact ? 1.5 : 3,
          pt: compact ? 2 : 3,
          pb: 3,
        }}
      >
        {page}
      </Box>
      <Box
        component="footer"
        sx={{ flex: 'none', borderTop: 1, borderColor: 'divider', bgcolor: 'background.default' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: compact ? 1.5 : 2,
            py: compact ? 0.75 : 1,
          }}
        >
          <HelpButton size={compact ? 'small' : 'medium'} />
          <BalanceWidget me={me} />
        </Box>
        {showBanner ? <SuspendedBanner me={me} onDismiss={() => setBannerDismissed(true)} /> : null}
      </Box>
      <LetterUploadsHost />
    </Box>
  );
}

export default SignedInShell;
