import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import { api } from '@/lib/api-client.ts';

export const GUARD_DOCUMENTS_QUERY_KEY = ['guard', 'documents'] as const;

/** The signed-in guard's uploaded documents and their PSRA licence and police clearance. */
export function getGuardDocuments(signal?: AbortSignal): Promise<GuardDocumentsDto> {
  return api.get<GuardDocumentsDto>('/api/guard/documents', { signal });
}

export const guardDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: GUARD_DOCUMENTS_QUERY_KEY,
    queryFn: ({ signal }) => getGuardDocuments(signal),
  });

export function useGuardDocuments() {
  return useQuery(guardDocumentsQueryOptions());
}
