import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '@ops/shared/schemas/auth';
import { api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.tsx';

/** callbackURL: where the link lands when the server re-sends a confirmation e-mail instead. */
export function signIn(input: SignInInput & { callbackURL?: string | undefined }): Promise<unknown> {
  const { email, password, callbackURL } = input;
  return api.post('/api/auth/sign-in/email', callbackURL ? { email, password, callbackURL } : { email, password });
}

/** Resolves once /api/me has been read again, so the app is signed in when the caller moves on. */
export function useSignIn() {
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshProfile(),
  });
}
