import { useMutation } from '@tanstack/react-query';
import type { SignUpData } from '@ops/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';

/**
 * What POST /api/accounts takes: the parsed form plus the confirmation the server checks again, and
 * the page the confirmation e-mail should bring the person back to (the server checks it again).
 */
export type CreateAccountRequest = Omit<SignUpData, 'redirect'> & { confirmPassword: string; redirect?: string };

export interface CreateAccountResponse {
  email: string;
}

export function createAccount(body: CreateAccountRequest): Promise<CreateAccountResponse> {
  return api.post<CreateAccountResponse>('/api/accounts', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: createAccount });
}
