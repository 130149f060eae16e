import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { snackbarDemand } from '../lib/notify';
import { theme } from './theme';

const SnackbarHost = lazy(() => import('./snackbar-host'));

/** Mounts the snackbar host once the first message asks for it. */
function LazySnackbars() {
  const wanted = useSyncExternalStore(snackbarDemand.subscribe, snackbarDemand.isRequested, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}

/** Theme, data cache and messages for the whole app. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <LazySnackbars />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
