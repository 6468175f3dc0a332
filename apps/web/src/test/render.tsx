import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster.tsx';
import { AuthProvider } from '@/lib/auth-context.tsx';

/** Shows where the app navigated to, as a user would read it in the address bar. */
function AddressBar() {
  const [path] = useLocation();
  const search = useSearch();
  return <output aria-label="Address">{path + (search ? `?${search}` : '')}</output>;
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
  const location = memoryLocation({ path: route, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider retries={0}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Switch>
            {Object.entries(pages).map(([path, page]) => (
              <Route key={path} path={path}>
                {page}
              </Route>
            ))}
            <Route>{ui}</Route>
          </Switch>
          <AddressBar />
        </Router>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
