import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import { api } from '@/lib/api-client.ts';
import { GUARD_DOCUMENTS_QUERY_KEY } from './get-guard-documents.ts';

export function deleteGuardDocument(id: string): Promise<unknown> {
  return api.delete(`/api/guard/documents/${encodeURIComponent(id)}`);
}

export function useDeleteGuardDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuardDocument,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<GuardDocumentsDto>(GUARD_DOCUMENTS_QUERY_KEY, (old) =>
        old ? { ...old, documents: old.documents.filter((d) => d.id !== id) } : old,
      );
    },
  });
}
