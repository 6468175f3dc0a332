import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleHoldersDto } from '@ops/shared/schemas/admin-roles';
import { api } from '@/lib/api-client.ts';

export const ROLES_KEY = ['admin', 'roles'] as const;

/** Everyone holding the admin or partner role, admins first. */
export function getRoleHolders(signal?: AbortSignal): Promise<RoleHoldersDto> {
  return api.get<RoleHoldersDto>('/api/admin/roles', { signal });
}

export const roleHoldersQueryOptions = () => queryOptions({ queryKey: [...ROLES_KEY, 'holders'], queryFn: ({ signal }) => getRoleHolders(signal) });

export function useRoleHolders() {
  return useQuery(roleHoldersQueryOptions());
}
