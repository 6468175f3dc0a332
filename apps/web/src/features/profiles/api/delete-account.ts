import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput, DeleteAccountResponse } from '@ops/shared/schemas/privacy';
import { api } from '@/lib/api-client.ts';

/** Deletes the signed-in person's account; the password typed again confirms it. Ends every session. */
export function deleteAccount(body: DeleteAccountInput): Promise<DeleteAccountResponse> {
  return api.post<DeleteAccountResponse>('/api/me/delete', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
