import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeDto } from '@ops/shared/schemas/profiles';
import { api, isApiError } from '@/lib/api-client.ts';
import { ME_QUERY_KEY } from '@/lib/query-client.ts';

/** The signed-in user, session and profile; null when signed out (a 401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<MeDto | null> {
  try {
    return await api.get<MeDto>('/api/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
