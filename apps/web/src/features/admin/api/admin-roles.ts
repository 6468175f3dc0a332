import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_SEARCH_MIN, type AssignableRole, type RoleHolderRow, type RoleHoldersDto, type RolePeopleDto } from '@ops/shared/schemas/admin-roles';
import { api } from '@/lib/api-client.ts';

const ROLES_KEY = ['admin', 'roles'] as const;

/** Everyone holding the admin or partner role, admins first. */
export function getRoleHolders(signal?: AbortSignal): Promise<RoleHoldersDto> {
  return api.get<RoleHoldersDto>('/api/admin/roles', { signal });
}

export const roleHoldersQueryOptions = () => queryOptions({ queryKey: [...ROLES_KEY, 'holders'], queryFn: ({ signal }) => getRoleHolders(signal) });

export function useRoleHolders() {
  return useQuery(roleHoldersQueryOptions());
}

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

export function changeRole(profileId: string, role: AssignableRole): Promise<RoleHolderRow> {
  return api.put<RoleHolderRow>(`/api/admin/roles/${encodeURIComponent(profileId)}`, { role });
}

/** A changed role moves people in and out of the list and changes the search's badges: both read again. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, role }: { profileId: string; role: AssignableRole }) => changeRole(profileId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
