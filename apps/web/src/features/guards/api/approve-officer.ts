import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficerRow } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';
import { officerPath, refreshConsole, type OfficerActionCallbacks } from './officer-action.ts';

export function approveOfficer(profileId: string): Promise<OfficerRow> {
  return api.post<OfficerRow>(`${officerPath(profileId)}/approve`);
}

export function useApproveOfficer({ onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => approveOfficer(profileId),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}
