import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IncidentDto, IncidentInput } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';
import { uploadFile } from '@/lib/upload-file.ts';

/** Files the incident, then its photos one by one. */
export function useFileIncident(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photos }: { body: IncidentInput; photos: File[] }) => {
      const incident = await api.post<IncidentDto>(`/api/shifts/${encodeURIComponent(bookingId)}/incidents`, body);
      for (const file of photos) await uploadFile<void>({ path: `/api/incidents/${incident.id}/photos`, file });
      return incident;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}
