import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminGuardRow, GuardApprovalInput } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

export function setGuardApproval(profileId: string, input: GuardApprovalInput): Promise<AdminGuardRow> {
  return api.put<AdminGuardRow>(`/api/admin/guards/${encodeURIComponent(profileId)}/approval`, input);
}

/**
 * Approving or unapproving a guard changes the Guards table, the profile dialog, the onboarding
 * tabs and the overview's figures: everything under 'admin' is read again.
 */
export function useSetGuardApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, approved }: { profileId: string; approved: boolean }) => setGuardApproval(profileId, { approved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
