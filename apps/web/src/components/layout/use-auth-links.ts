import { useLocation } from 'wouter';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/**
 * The header's Sign In and Sign Up links, bringing the person back to the page they are on.
 * On the auth pages themselves they stay plain, so a redirect never points at /auth.
 */
export function useAuthLinks(): { signIn: string; signUp: string } {
  const [path] = useLocation();
  const backHere = useSignInPath();
  const signIn = path.startsWith('/auth') ? '/auth' : backHere;
  const redirect = new URLSearchParams(signIn.split('?')[1] ?? '').get('redirect');
  const signUp = redirect ? `/auth?mode=signup&redirect=${encodeURIComponent(redirect)}` : '/auth?mode=signup';
  return { signIn, signUp };
}
