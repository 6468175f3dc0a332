import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardCredentialsDto, GuardCredentialsValues, GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import { api } from '@/lib/api-client.ts';
import { GUARD_DOCUMENTS_QUERY_KEY } from './get-guard-documents.ts';

/** Records the guard's PSRA licence and police clearance; the answer carries their state today. */
export function updateGuardCredentials(body: GuardCredentialsValues): Promise<GuardCredentialsDto> {
  return api.put<GuardCredentialsDto>('/api/guard/credentials', body);
}

export function useUpdateGuardCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuardCredentials,
    onSuccess: (credentials) => {
      queryClient.setQueryData<GuardDocumentsDto>(GUARD_DOCUMENTS_QUERY_KEY, (old) => (old ? { ...old, credentials } : old));
    },
  });
}
