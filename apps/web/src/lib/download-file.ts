import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from './api-client.ts';

/**
 * A file's answer once the server has accepted to send it (its bytes may still be on their way).
 * Fetched rather than followed as a link, so that a refusal is told apart from a saved file: it
 * throws the API's error, as every other request does.
 */
export async function openFile(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response;
}

/** Hands the browser a file to save under `name`. */
export function saveBlob(blob: Blob, name: string): void {
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
