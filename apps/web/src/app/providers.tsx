import type { ReactNode } from 'react';
import type { MeDto } from '@ops/shared/schemas/profiles';
import { ToasterSlot } from '@/components/ui/toaster-slot.tsx';
import { AuthProvider } from '@/lib/auth-context.tsx';

/** What every page has: the session, and a place for toasts. The query cache comes with the pages. */
export function AppProviders({ children, session, known }: { children: ReactNode; session?: Promise<MeDto | null>; known?: { me: MeDto | null } }) {
  return (
    <AuthProvider firstAnswer={session} known={known}>
      {children}
      <ToasterSlot />
    </AuthProvider>
  );
}
