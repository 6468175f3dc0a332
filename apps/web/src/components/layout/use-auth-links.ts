import { useLocation, useSearch } from 'wouter';
import { signInPath } from '@/lib/sign-in-path.ts';

/**
 * The header's Sign In and Sign Up links, bringing the person back to the page they are on.
 * On the auth pages themselves they stay plain, so a redirect never points at /auth.
 */
export function useAuthLinks(): { signIn: string; signUp: string } {
  const [path] = useLocation();
  const search = useSearch();
  const signIn = path.startsWith('/auth') ? '/auth' : signInPath(search ? `${path}?${search}` : path);
  const redirect = new URLSearchParams(signIn.split('?')[1] ?? '').get('redirect');
  const signUp = redirect ? `/auth?mode=signup&redirect=${encodeURIComponent(redirect)}` : '/auth?mode=signup';
  return { signIn, signUp };
}
