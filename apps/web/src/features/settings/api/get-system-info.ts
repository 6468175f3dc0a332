import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemInfoDto } from '@ops/shared/schemas/settings';
import { api } from '@/lib/api-client.ts';

export function getSystemInfo(signal?: AbortSignal): Promise<SystemInfoDto> {
  return api.get<SystemInfoDto>('/api/admin/system-info', { signal });
}

export const systemInfoQuery = () =>
  queryOptions({
    queryKey: ['admin', 'system-info'],
    queryFn: ({ signal }) => getSystemInfo(signal),
    staleTime: 5 * 60_000,
  });

export const useSystemInfo = () => useQuery(systemInfoQuery());
