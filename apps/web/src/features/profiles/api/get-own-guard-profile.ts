import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnGuardProfileDto } from '@ops/shared/schemas/guards';
import { api, isApiError } from '@/lib/api-client.ts';

export const OWN_GUARD_PROFILE_QUERY_KEY = ['guards', 'me', 'profile'] as const;

/** The signed-in guard's own profile; null when they have not filled it in yet. */
export async function getOwnGuardProfile(signal?: AbortSignal): Promise<OwnGuardProfileDto | null> {
  try {
    return await api.get<OwnGuardProfileDto>('/api/guards/me/profile', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const ownGuardProfileQueryOptions = () =>
  queryOptions({
    queryKey: OWN_GUARD_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getOwnGuardProfile(signal),
  });

export function useOwnGuardProfile() {
  return useQuery(ownGuardProfileQueryOptions());
}
