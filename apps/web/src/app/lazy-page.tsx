import { lazy, useSyncExternalStore, type ComponentType } from 'react';

/*
 * Pages are fetched when first visited. While one is on its way, the page the user is on stays
 * (navigations are React transitions) and the layout shows a thin progress bar.
 */
let pagesLoading = 0;
const listeners = new Set<() => void>();

function countLoading(change: number) {
  // React calls a lazy component's loader while rendering; tell the layout just after.
  queueMicrotask(() => {
    pagesLoading += change;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pagesLoading > 0);
}

/** A page loaded on demand, together with the query cache it reads through. */
export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    countLoading(1);
    try {
      const [Page, { QueryProvider }] = await Promise.all([load(), import('./query-provider.tsx')]);
      return {
        default: function LazyPage() {
          return (
            <QueryProvider>
              <Page />
            </QueryProvider>
          );
        },
      };
    } finally {
      countLoading(-1);
    }
  });
}
