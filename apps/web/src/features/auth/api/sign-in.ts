import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '@ops/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.tsx';

export function signIn(input: SignInInput): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
}

/** Resolves once /api/me has been read again, so the app is signed in when the caller moves on. */
export function useSignIn() {
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshProfile(),
  });
}
