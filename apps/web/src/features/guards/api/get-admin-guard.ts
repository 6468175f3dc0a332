import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminGuardDetail } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

/** A guard's profile for the console's dialog: bio, rates, onboarding, credentials and documents. */
export function getAdminGuard(profileId: string, signal?: AbortSignal): Promise<AdminGuardDetail> {
  return api.get<AdminGuardDetail>(`/api/admin/guards/${encodeURIComponent(profileId)}`, { signal });
}

export const adminGuardQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: ['admin', 'guards', 'detail', profileId],
    queryFn: ({ signal }) => getAdminGuard(profileId, signal),
  });

/** Nothing is read while no guard is chosen. */
export function useAdminGuard(profileId: string | null) {
  return useQuery({ ...adminGuardQueryOptions(profileId ?? ''), enabled: profileId !== null });
}
