import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { api } from '@/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

export function markAllNotificationsRead(): Promise<void> {
  return api.post<void>('/api/notifications/read-all');
}

interface MarkAllOptions {
  /** Keep showing which items were new in the list that is open now; only the count goes to zero. */
  keepUnreadDots?: boolean;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_options: MarkAllOptions) => markAllNotificationsRead(),
    onSuccess: async (_data, { keepUnreadDots = false }) => {
      // A refresh already on its way would bring back the old count.
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      queryClient.setQueryData<NotificationListDto>(NOTIFICATIONS_QUERY_KEY, (old) =>
        old
          ? {
              unreadCount: 0,
              items: keepUnreadDots ? old.items : old.items.map((item) => ({ ...item, read: true })),
            }
          : old,
      );
    },
  });
}
