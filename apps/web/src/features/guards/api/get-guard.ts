import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { api } from '@/lib/api-client.ts';

/** One guard's profile page; 404 when the guard does not exist or is not visible to this user. */
export function getGuard(id: string, signal?: AbortSignal): Promise<GuardDetailsDto> {
  return api.get<GuardDetailsDto>(`/api/guards/${encodeURIComponent(id)}`, { signal });
}

export const guardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['guards', 'detail', id],
    queryFn: ({ signal }) => getGuard(id, signal),
  });

export function useGuard(id: string) {
  return useQuery(guardQueryOptions(id));
}
