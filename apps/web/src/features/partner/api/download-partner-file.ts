import { useMutation } from '@tanstack/react-query';
import { partnerFileUrl } from '@ops/shared/schemas/partner';
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from '@/lib/api-client.ts';

/** The file's answer once the server has accepted to send it (its bytes still on their way). */
export async function openPartnerFile(fileId: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(partnerFileUrl(fileId), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response;
}

/** Hands the browser a file to save under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
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
