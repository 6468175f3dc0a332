import { use, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { getAppQueryClient } from '@/lib/query-client.ts';

/**
 * The query cache for the parts of the app that load on demand (pages, the notifications bell):
 * each is wrapped in this provider of the one shared client, so a visitor's home page never
 * downloads the query library. A cache provided further up (a test's own) is used as it is.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = use(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={getAppQueryClient()}>{children}</QueryClientProvider>;
}
