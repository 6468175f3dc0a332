import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from './auth-context.tsx';
import { notifyFailure } from './notify.ts';
import { useSignInPath } from './sign-in-path.ts';

export const CLIENT_ONLY_MESSAGE = 'Please sign in as a client to book security services.';

/**
 * Booking pages are for clients: anyone else (signed out too) is told so and sent to /auth.
 * 'checking' while the session is read; nothing may be decided before that.
 */
export function useClientAccess(): 'checking' | 'allowed' | 'denied' {
  const { profile, loading } = useAuth();
  const [, navigate] = useLocation();
  const denied = !loading && profile?.role !== 'client';
  // A visitor signs in and comes back here; someone signed in with another role would only be sent on.
  const backHere = useSignInPath();
  const signIn = profile ? '/auth' : backHere;

  useEffect(() => {
    if (!denied) return;
    notifyFailure('Access Denied', CLIENT_ONLY_MESSAGE, 'booking-access-denied');
    navigate(signIn, { replace: true });
  }, [denied, navigate, signIn]);

  if (loading) return 'checking';
  return denied ? 'denied' : 'allowed';
}
