import { toast } from 'sonner';
import { requestToaster } from '@/components/ui/toaster-slot.tsx';
import { isApiError } from './api-client.ts';

// Whatever can toast brings the Toaster up as soon as it is loaded, before its first toast.
requestToaster();

/**
 * Error toasts always carry the title 'Error'; the description says what went wrong.
 * An id keeps one toast for one failure even when it is reported twice (a refetch, StrictMode).
 */
export function notifyError(description: string, id?: string): void {
  toast.error('Error', { description, id });
}

/** An error toast whose title the product words itself: 'Payment Failed', 'Access Denied'. */
export function notifyFailure(title: string, description: string, id?: string): void {
  toast.error(title, { description, id });
}

export function notifySuccess(title: string, description?: string, id?: string): void {
  toast.success(title, { description, id });
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The server's own message when it answered, otherwise the fallback (network or a bug). */
export function messageFrom(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  return isApiError(error) && error.status > 0 ? error.message : fallback;
}
