import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster.tsx';
import { AuthProvider } from '@/lib/auth-context.tsx';

/** Shows where the app navigated to, as a user would read it in the address bar. */
function AddressBar() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

interface Options {
  route?: string;
  /** Other pages the test may navigate to, by path. */
  pages?: Record<string, ReactNode>;
}

export function renderWithApp(ui: ReactElement, { route = '/', pages = {} }: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            {Object.entries(pages).map(([path, page]) => (
              <Route key={path} path={path} element={page} />
            ))}
            <Route path="*" element={ui} />
          </Routes>
          <AddressBar />
        </MemoryRouter>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
