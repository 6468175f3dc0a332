import { useQueryClient } from '@tanstack/react-query';
import type { GuardDocumentDto, GuardDocumentKind } from '@ops/shared/schemas/guard-documents';
import { useFileUpload } from '@/lib/upload-file.ts';
import { GUARD_DOCUMENTS_QUERY_KEY } from './get-guard-documents.ts';

export const GUARD_DOCUMENTS_PATH = '/api/guard/documents';

/** Uploads one document of a kind (a new CV, clearance or licence replaces the one before), with progress. */
export function useUploadGuardDocument(kind: GuardDocumentKind) {
  const queryClient = useQueryClient();
  const upload = useFileUpload<GuardDocumentDto>(GUARD_DOCUMENTS_PATH);
  const start = async (file: File) => {
    const saved = await upload.start(file, { kind });
    if (saved) await queryClient.invalidateQueries({ queryKey: GUARD_DOCUMENTS_QUERY_KEY });
    return saved;
  };
  return { ...upload, start };
}
