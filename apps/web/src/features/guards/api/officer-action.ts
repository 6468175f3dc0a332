import type { QueryClient } from '@tanstack/react-query';

export const officerPath = (profileId: string) => `/api/admin/officers/${encodeURIComponent(profileId)}`;

/*
 * An officer's change moves tab counts, the Guards table, the profile dialog and the overview's
 * figures: everything under 'admin' is refreshed. The mutation stays pending until the lists the
 * screen shows have reloaded, so a switch does not flick back for a moment.
 */
export const refreshConsole = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['admin'] });

/**
 * What the screen says about the outcome. Given to the hook rather than to mutate(): the officer
 * may have left the list (another tab) by the time the lists reload, and the toast must still show.
 */
export interface OfficerActionCallbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}
