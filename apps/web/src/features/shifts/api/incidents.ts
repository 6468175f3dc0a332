import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INCIDENT_PHOTOS_FIELD, type IncidentDto, type IncidentInput } from '@ops/shared/schemas/shifts';
import { API_HEADERS, ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from '@/lib/api-client.ts';
import { messageFrom } from '@/lib/notify.ts';
import { uploadFile } from '@/lib/upload-file.ts';

/** POST /api/shifts/:bookingId/incidents: the fields and the photos in one form, kept together or not at all. */
export async function postIncident(bookingId: string, body: IncidentInput, photos: readonly File[]): Promise<IncidentDto> {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  for (const file of photos) form.append(INCIDENT_PHOTOS_FIELD, file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/shifts/${encodeURIComponent(bookingId)}/incidents`, {
      method: 'POST',
      headers: { ...API_HEADERS },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as IncidentDto;
}

export interface FiledIncident {
  incident: IncidentDto;
  /** Photos of a high-severity report that could not be added after it, with the server's words. */
  failedPhotos: string[];
}

/**
 * Files the report with its photos in one form. A high-severity one goes first on its own, so the
 * alert does not wait for the photos to upload, and its photos follow one by one; one that fails is
 * named, and the report is not sent again.
 */
export async function fileIncidentWithPhotos(bookingId: string, body: IncidentInput, photos: readonly File[]): Promise<FiledIncident> {
  if (body.severity !== 'high' || photos.length === 0) return { incident: await postIncident(bookingId, body, photos), failedPhotos: [] };
  const incident = await postIncident(bookingId, body, []);
  const failedPhotos: string[] = [];
  for (const file of photos) {
    try {
      await uploadFile<void>({ path: `/api/incidents/${encodeURIComponent(incident.id)}/photos`, file });
    } catch (error) {
      failedPhotos.push(`${file.name}: ${messageFrom(error, 'it could not be sent')}`);
    }
  }
  return { incident, failedPhotos };
}

export function useFileIncident(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, photos }: { body: IncidentInput; photos: File[] }) => fileIncidentWithPhotos(bookingId, body, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}
