import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@ops/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';
import { ME_QUERY_KEY } from '@/lib/query-client.ts';

export function signIn(input: SignInInput): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
}

/** Resolves once /api/me has been read again, so the app is signed in when the caller moves on. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
