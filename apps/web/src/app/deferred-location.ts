import { useDeferredValue } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useBrowserLocation, useSearch } from 'wouter/use-browser-location';

/*
 * The address as the pages see it trails the real one like a React transition: a navigation to a
 * page whose code is still loading keeps the current page on screen (with the layout's progress
 * bar) instead of blanking it with a spinner, and shows the new page once it can render.
 */
export const useDeferredBrowserLocation: BaseLocationHook = (options) => {
  const [path, navigate] = useBrowserLocation(options as Parameters<typeof useBrowserLocation>[0]);
  return [useDeferredValue(path), navigate];
};

export function useDeferredSearch(): string {
  return useDeferredValue(useSearch());
}
