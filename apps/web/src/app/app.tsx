import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, type NavigateFunction, useNavigate, useRoutes } from 'react-router';
import { debounceAuthState } from '../lib/auth-state';
import { notify } from '../lib/notify';
import { endSession } from '../lib/session';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';

// Declarative routing (BrowserRouter + useRoutes): about 16 KB gzip lighter than the data router,
// whose loaders and actions this app does not use (data is fetched with TanStack Query).
const navigators = new WeakMap<QueryClient, NavigateFunction>();

/**
 * The app's QueryClient: a 401 while signed in means the session was lost, so forget it and go to
 * the root, once for a burst of 401s (the auth state change is debounced by 200 ms).
 */
export function createAppQueryClient(): QueryClient {
  const sessionLost = debounceAuthState((client: QueryClient) => {
    endSession(client);
    notify('Your session has ended. Please sign in again.', { variant: 'info' });
    void navigators.get(client)?.('/', { replace: true });
  });
  return createQueryClient((client) => sessionLost.change(client));
}

/** The route table, with the navigation the QueryClient needs when a session is lost. */
export function AppRoutes() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    navigators.set(queryClient, navigate);
    return () => {
      navigators.delete(queryClient);
    };
  }, [navigate, queryClient]);
  return useRoutes(routes);
}

const queryClient = createAppQueryClient();

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
