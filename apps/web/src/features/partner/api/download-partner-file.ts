import { useMutation } from '@tanstack/react-query';
import { partnerFileUrl } from '@ops/shared/schemas/partner';
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from '@/lib/api-client.ts';

/** The file's bytes, fetched so that a refusal can be told apart from a saved file. */
export async function downloadPartnerFile(fileId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(partnerFileUrl(fileId), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
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

export function useDownloadPartnerFile() {
  return useMutation({
    mutationFn: async (file: { id: string; name: string }) => saveBlob(await downloadPartnerFile(file.id), file.name),
  });
}
