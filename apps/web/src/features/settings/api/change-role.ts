import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole, RoleHolderRow } from '@ops/shared/schemas/admin-roles';
import { api } from '@/lib/api-client.ts';
import { ROLES_KEY } from './get-role-holders.ts';

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
