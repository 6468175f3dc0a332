import type { toast as Toast } from 'sonner';
import { requestToaster } from '@/components/ui/toaster-slot.tsx';
import { isApiError } from './api-client.ts';

/*
 * The toast library (and the Toaster) come with the first toast, not with every page that might
 * show one: a moment later than a static import, and ~9 KiB lighter for the pages that never do.
 */
function show(send: (toast: typeof Toast) => void): void {
  requestToaster();
  void import('sonner').then((m) => send(m.toast));
}

/**
 * Error toasts always carry the title 'Error'; the description says what went wrong.
 * An id keeps one toast for one failure even when it is reported twice (a refetch, StrictMode).
 */
export function notifyError(description: string, id?: string): void {
  show((toast) => toast.error('Error', { description, id }));
}

/** An error toast whose title the product words itself: 'Payment Failed', 'Access Denied'. */
export function notifyFailure(title: string, description: string, id?: string): void {
  show((toast) => toast.error(title, { description, id }));
}

export function notifySuccess(title: string, description?: string, id?: string): void {
  show((toast) => toast.success(title, { description, id }));
}

/** A neutral notice: 'Please sign in to enroll in this course'. */
export function notifyInfo(title: string, description?: string, id?: string): void {
  show((toast) => toast.info(title, { description, id }));
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The server's own message when it answered, otherwise the fallback (network or a bug). */
export function messageFrom(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  return isApiError(error) && error.status > 0 ? error.message : fallback;
}
