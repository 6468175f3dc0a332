import { lazy, Suspense, useSyncExternalStore } from 'react';

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

/*
 * Toasts answer what a user did on a page that loads on demand; the toast library comes with the
 * first toast, not with a visitor's home page. A toast sent before the Toaster is up is still
 * shown: the Toaster replays the toasts that are active when it subscribes.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function ToasterSlot() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
