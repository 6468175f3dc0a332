import type { AdminClientRow } from '@ops/shared/schemas/admin-clients';
import { api } from '@/lib/api-client.ts';

export function unblockClient(profileId: string): Promise<AdminClientRow> {
  return api.post<AdminClientRow>(`/api/admin/clients/${encodeURIComponent(profileId)}/unblock`, {});
}
