import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficerRejectInput, OfficerRow } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';
import { officerPath, refreshConsole, type OfficerActionCallbacks } from './officer-action.ts';

export function rejectOfficer(profileId: string, input: OfficerRejectInput): Promise<OfficerRow> {
  return api.post<OfficerRow>(`${officerPath(profileId)}/reject`, input);
}

export function useRejectOfficer({ onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, reason }: { profileId: string; reason: string }) => rejectOfficer(profileId, { reason }),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}
