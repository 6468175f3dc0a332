import { useCallback } from 'react';
import { useUrlParams } from '@/components/console/use-url-params.ts';

export const CONSOLE_VIEWS = [
  'overview',
  'onboarding',
  'guards',
  'clients',
  'today',
  'bookings',
  'payments',
  'training',
  'notifications',
  'settings',
  'activity',
] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

const isConsoleView = (value: string | null): value is ConsoleView => (CONSOLE_VIEWS as readonly (string | null)[]).includes(value);

/**
 * The view the console shows, from ?view= (the overview when absent or unknown). Switching views is
 * a step in the history and starts the new view without the old one's search, filters or page.
 */
export function useConsoleView(): [ConsoleView, (view: ConsoleView) => void] {
  const { params, update } = useUrlParams();
  const raw = params.get('view');
  const view: ConsoleView = isConsoleView(raw) ? raw : 'overview';
  const setView = useCallback(
    (next: ConsoleView) =>
      update((p) => {
        for (const key of [...p.keys()]) p.delete(key);
        if (next !== 'overview') p.set('view', next);
      }),
    [update],
  );
  return [view, setView];
}
