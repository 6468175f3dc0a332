import { useMutation } from '@tanstack/react-query';
import { partnerFileUrl } from '@ops/shared/schemas/partner';
import { openFile, saveBlob } from '@/lib/download-file.ts';

/** The file's answer once the server has accepted to send it (its bytes still on their way). */
export function openPartnerFile(fileId: string): Promise<Response> {
  return openFile(partnerFileUrl(fileId));
}

/**
 * Downloads a material, CV or photo, fetched so that a refusal can be told apart from a saved file.
 * `onStarted` runs as soon as the server has accepted (a large file takes a while to arrive).
 */
export function useDownloadPartnerFile(onStarted: (file: { id: string; name: string }) => void) {
  return useMutation({
    mutationFn: async (file: { id: string; name: string }) => {
      const response = await openPartnerFile(file.id);
      onStarted(file);
      saveBlob(await response.blob(), file.name);
    },
  });
}
