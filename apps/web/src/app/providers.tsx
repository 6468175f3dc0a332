import type { ReactNode } from 'react';
import { ToasterSlot } from '@/components/ui/toaster-slot.tsx';
import { AuthProvider } from '@/lib/auth-context.tsx';

/** What every page has: the session, and a place for toasts. The query cache comes with the pages. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToasterSlot />
    </AuthProvider>
  );
}
