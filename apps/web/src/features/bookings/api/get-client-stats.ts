import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientStatsDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

export function getClientStats(signal?: AbortSignal): Promise<ClientStatsDto> {
  return api.get<ClientStatsDto>('/api/bookings/stats', { signal });
}

export const clientStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['bookings', 'stats'],
    queryFn: ({ signal }) => getClientStats(signal),
  });

export function useClientStats() {
  return useQuery(clientStatsQueryOptions());
}
