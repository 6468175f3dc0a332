import { Toaster as Sonner } from 'sonner';

/** The app's toasts: coloured by kind, dismissible, at the top where they are seen on a phone. */
export function Toaster() {
  return <Sonner richColors closeButton position="top-center" />;
}
