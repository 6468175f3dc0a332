import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const INVALID_TOKEN = 'INVALID_TOKEN';

export interface ResetPasswordRequest {
  newPassword: string;
  token: string;
}

export function resetPassword(body: ResetPasswordRequest): Promise<unknown> {
  return api.post('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
