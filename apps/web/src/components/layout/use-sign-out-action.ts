import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/lib/auth-context.tsx';
import { messageFrom, notifyError } from '@/lib/notify.ts';

/** Sign out on the server, forget the user's data, and go home; on failure say so and stay. */
export function useSignOutAction(): () => Promise<void> {
  const { signOut } = useAuth();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      notifyError(messageFrom(error, 'Could not sign out. Please try again.'));
    }
  }, [signOut, navigate]);
}
