import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * A 401 on any other call means the session ended on the server (expired or revoked):
 * re-reading /api/me turns the app into its signed-out state.
 */
function onUnauthenticated(client: QueryClient, error: unknown, queryKey?: readonly unknown[]): void {
  if (!isApiError(error) || error.status !== 401) return;
  if (queryKey?.[0] === ME_QUERY_KEY[0]) return;
  // Only a signed-in app can lose its session; a failed sign-in is not that.
  if (!client.getQueryData(ME_QUERY_KEY)) return;
  void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(client, error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(client, error) }),
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
  return client;
}
