import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE_SEARCH_MIN, type RolePeopleDto } from '@ops/shared/schemas/admin-roles';
import { api } from '@/lib/api-client.ts';
import { ROLES_KEY } from './get-role-holders.ts';

/** At most a handful of people whose name or e-mail contains `q` (at least ROLE_SEARCH_MIN characters). */
export function searchRolePeople(q: string, signal?: AbortSignal): Promise<RolePeopleDto> {
  return api.get<RolePeopleDto>(`/api/admin/roles/people?${new URLSearchParams({ q }).toString()}`, { signal });
}

export const rolePeopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'people', q],
    queryFn: ({ signal }) => searchRolePeople(q, signal),
    enabled: q.length >= ROLE_SEARCH_MIN,
  });

export function useRolePeople(q: string) {
  return useQuery(rolePeopleQueryOptions(q));
}
