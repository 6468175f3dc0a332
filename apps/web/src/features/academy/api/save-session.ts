import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSessionRow, SessionInput } from '@ops/shared/schemas/admin-course-content';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

/** Adds a class session (no id) or changes one. */
export function saveSession({ id, input }: { id: string | null; input: SessionInput }): Promise<AdminSessionRow> {
  return id
    ? api.put<AdminSessionRow>(`${TRAINING_BASE}/sessions/${encodeURIComponent(id)}`, input)
    : api.post<AdminSessionRow>(`${TRAINING_BASE}/sessions`, input);
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}
