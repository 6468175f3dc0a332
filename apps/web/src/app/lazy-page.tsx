import { lazy, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';

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
export interface LazyPage {
  (): ReactElement;
  /** Starts loading the page (once); resolves when it can render without waiting. */
  preload(): Promise<void>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  // A failed load is not remembered: the next visit tries again.
  const preload = () =>
    (loading ??= Promise.all([load(), import('./query-provider.tsx')]).then(
      ([Page, { QueryProvider }]) => {
        Loaded = function LoadedPage() {
          return (
            <QueryProvider>
              <Page />
            </QueryProvider>
          );
        };
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    countLoading(1);
    try {
      await preload();
      return { default: Loaded! };
    } finally {
      countLoading(-1);
    }
  });
  // Once loaded (preloaded before the first render, or visited before), the page renders directly,
  // in the same render as the layout, instead of suspending for a moment and rendering again.
  return Object.assign(() => (Loaded ? <Loaded /> : <Lazy />), { preload });
}
