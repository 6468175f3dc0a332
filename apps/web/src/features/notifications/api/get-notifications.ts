import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { api } from '@/lib/api-client.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
const REFRESH_EVERY_MS = 60_000;

/** The latest notifications, newest first, and how many are unread in all. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationListDto> {
  return api.get<NotificationListDto>('/api/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications(signal),
  });

/** Kept fresh for the bell: every minute while the tab is shown, and whenever the window regains focus. */
export function useNotifications() {
  const query = useQuery({
    ...notificationsQueryOptions(),
    refetchInterval: REFRESH_EVERY_MS,
    refetchOnWindowFocus: 'always',
  });
  const { refetch } = query;
  // TanStack Query watches only the tab becoming visible; coming back from another window counts too.
  useEffect(() => {
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return query;
}
