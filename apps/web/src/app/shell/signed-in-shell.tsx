import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HelpButton } from '../../components/help-button';
import { Loading } from '../../components/loading';
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
 * The signed-in shell: header and navigation, the page, the help button (bottom left), the balance
 * widget (bottom right, above the suspended-account banner) and the global letter upload.
 */
export function SignedInShell({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const compact = useMediaQuery(COMPACT_QUERY);
  const signOut = useSignOut();
  const [bannerDismissed, setBannerDismissed] = useState(false);

  const idleSignOut = useCallback(() => void signOut(), [signOut]);
  useIdleSignOut({ enabled: true, firstName: greetingName(me), notify: idleNotify, signOut: idleSignOut });
  // Live notifications and refresh signals, for as long as someone is signed in (also on /cloud).
  useLiveUpdates();

  const page = (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );

  if (isBarePath(pathname)) return <BareShell />;

  const showBanner = me.account.health.status === 'suspended' && !bannerDismissed;
  return (
    <>
      <SkipLink />
      <AppHeader me={me} compact={compact} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ outline: 'none', px: compact ? 1.5 : 3, pt: compact ? 2 : 3, pb: showBanner ? 24 : 12 }}
      >
        {page}
      </Box>
      <Box
        component="footer"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (t) => t.zIndex.appBar - 1,
          // Only the help button, the balance widget and the banner take clicks, never the strip between them.
          pointerEvents: 'none',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: 1,
            p: compact ? 1.5 : 2,
            '& > *': { pointerEvents: 'auto' },
          }}
        >
          <HelpButton />
          <BalanceWidget me={me} />
        </Box>
        {showBanner ? (
          <Box sx={{ pointerEvents: 'auto' }}>
            <SuspendedBanner me={me} onDismiss={() => setBannerDismissed(true)} />
          </Box>
        ) : null}
      </Box>
      <LetterUploadsHost />
    </>
  );
}

export default SignedInShell;
