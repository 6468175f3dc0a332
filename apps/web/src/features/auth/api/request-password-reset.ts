import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@ops/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** Always answers 200, whether or not the account exists, so it reveals nothing. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<unknown> {
  return api.post('/api/auth/request-password-reset', { email: input.email, redirectTo: RESET_PASSWORD_PATH });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
