import { toast } from 'sonner';
import { isApiError } from './api-client.ts';

/** Error toasts always carry the title 'Error'; the description says what went wrong. */
export function notifyError(description: string): void {
  toast.error('Error', { description });
}

export function notifySuccess(title: string, description?: string, id?: string): void {
  toast.success(title, { description, id });
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The server's own message when it answered, otherwise the fallback (network or a bug). */
export function messageFrom(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  return isApiError(error) && error.status > 0 ? error.message : fallback;
}
