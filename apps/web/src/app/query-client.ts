import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { currentMe } from '../lib/session';

/** Client errors (4xx) are answers, not glitches: retrying them only repeats the same answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's QueryClient. Any 401 from a call made while signed in means the session was lost
 * (expired, revoked, signed out in another tab): `onSessionLost` sends the user to the root.
 */
export function createQueryClient(onSessionLost: (client: QueryClient) => void): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 401) && currentMe(client)) onSessionLost(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return client;
}
