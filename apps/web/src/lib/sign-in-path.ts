import { useLocation, useSearch } from 'wouter';
import { safeRedirect } from '@ops/shared/domain/safe-redirect';

/** The sign-in page, with the page to come back to afterwards when that is a page of this site. */
export function signInPath(returnTo: string): string {
  const target = safeRedirect(returnTo);
  return target === '/' ? '/auth' : `/auth?redirect=${encodeURIComponent(target)}`;
}

/** The sign-in page that brings the person back to the page they are on (its path and query). */
export function useSignInPath(): string {
  const [path] = useLocation();
  const search = useSearch();
  return signInPath(search ? `${path}?${search}` : path);
}
