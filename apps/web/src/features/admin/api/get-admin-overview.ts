import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewDto } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverviewDto> {
  return api.get<AdminOverviewDto>('/api/admin/overview', { signal });
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => getAdminOverview(signal),
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
