import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { onSignedInUserChange, reportSessionLost } from './auth-context.tsx';

/**
 * A 401 on any call means the session may have ended on the server (expired or revoked): the auth
 * context reads /api/me again and, if so, turns the app into its signed-out state.
 */
function onUnauthenticated(error: unknown): void {
  if (isApiError(error) && error.status === 401) reportSessionLost();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthenticated }),
    mutationCache: new MutationCache({ onError: onUnauthenticated }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status > 0 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

let appQueryClient: QueryClient | undefined;

/**
 * The app's one query cache, made when the first page that queries loads. What it holds belongs to
 * the user who fetched it: it is emptied when they sign out or someone else signs in.
 */
export function getAppQueryClient(): QueryClient {
  if (!appQueryClient) {
    const client = createQueryClient();
    onSignedInUserChange(() => client.removeQueries());
    appQueryClient = client;
  }
  return appQueryClient;
}
