import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '@/lib/auth-context.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

// Toasts answer user actions, which never happen before this has loaded; a toast sent earlier is
// still shown when the Toaster subscribes. Keeping it out of the first bundle speeds up '/'.
const Toaster = lazy(() => import('@/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
