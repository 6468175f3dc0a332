import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficerRow, OfficerStageInput } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';
import { officerPath, refreshConsole, type OfficerActionCallbacks } from './officer-action.ts';

export function updateOfficerStage(profileId: string, input: OfficerStageInput): Promise<OfficerRow> {
  return api.patch<OfficerRow>(`${officerPath(profileId)}/stages`, input);
}

export function useUpdateOfficerStage(profileId: string, { onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfficerStageInput) => updateOfficerStage(profileId, input),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}
