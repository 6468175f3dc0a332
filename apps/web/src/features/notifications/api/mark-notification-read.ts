import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { api } from '@/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

export function markNotificationRead(id: string): Promise<void> {
  return api.post<void>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<NotificationListDto>(NOTIFICATIONS_QUERY_KEY, (old) => {
        if (!old) return old;
        const wasUnread = old.items.some((item) => item.id === id && !item.read);
        return {
          unreadCount: wasUnread ? Math.max(0, old.unreadCount - 1) : old.unreadCount,
          items: old.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
        };
      });
    },
  });
}
