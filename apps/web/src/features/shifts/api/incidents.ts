import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INCIDENT_PHOTOS_FIELD, type IncidentDto, type IncidentInput } from '@ops/shared/schemas/shifts';
import { API_HEADERS, ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from '@/lib/api-client.ts';

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

export function useFileIncident(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, photos }: { body: IncidentInput; photos: File[] }) => postIncident(bookingId, body, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}
