import type { BlockClientInput, BlockClientResult } from '@ops/shared/schemas/admin-clients';
import { api } from '@/lib/api-client.ts';

/** Blocks a client's account, with the reason they are told; their unpaid holds are released. */
export function blockClient(profileId: string, input: BlockClientInput): Promise<BlockClientResult> {
  return api.post<BlockClientResult>(`/api/admin/clients/${encodeURIComponent(profileId)}/block`, input);
}
