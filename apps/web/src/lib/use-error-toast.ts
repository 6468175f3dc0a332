import { useEffect } from 'react';
import { notifyError } from './notify.ts';

/**
 * Shows an error toast when a query fails (once per failure): the screen can keep what it had,
 * and the user still learns that the latest load did not work.
 */
export function useErrorToast(error: unknown, message: string, enabled = true): void {
  useEffect(() => {
    if (error && enabled) notifyError(message, message);
  }, [error, message, enabled]);
}
