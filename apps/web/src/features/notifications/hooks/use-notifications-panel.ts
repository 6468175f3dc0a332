import { useQueryClient } from '@tanstack/react-query';
import type { NotificationDto, NotificationListDto } from '@ops/shared/schemas/notifications';
import { notifyError } from '@/lib/notify.ts';
import { NOTIFICATIONS_QUERY_KEY, useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { unreadBadgeText } from '../components/unread-badge.tsx';

/**
 * What the bell and the drawer share. Opening the list marks everything read on the server at once
 * (the count goes to zero) while the open list still shows which items were new; closing it clears
 * those dots.
 */
export function useNotificationsPanel() {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const unreadCount = notifications.data?.unreadCount ?? 0;
  const hasUnreadItems = notifications.data?.items.some((item) => !item.read) ?? false;

  const onOpen = () => {
    if (unreadCount > 0) markAll.mutate({ keepUnreadDots: true });
  };

  const onClose = () => {
    queryClient.setQueryData<NotificationListDto>(NOTIFICATIONS_QUERY_KEY, (old) =>
      old && old.unreadCount === 0 ? { ...old, items: old.items.map((item) => ({ ...item, read: true })) } : old,
    );
  };

  const markAllRead = () =>
    markAll.mutate({ keepUnreadDots: false }, { onError: () => notifyError('Could not mark notifications as read. Please try again.') });

  const onSelect = (notification: NotificationDto) => {
    if (!notification.read) markOne.mutate(notification.id);
  };

  return {
    notifications,
    unreadCount,
    canMarkAllRead: unreadCount > 0 || hasUnreadItems,
    markingAllRead: markAll.isPending,
    onOpen,
    onClose,
    markAllRead,
    onSelect,
  };
}

export type NotificationsPanel = ReturnType<typeof useNotificationsPanel>;

/**
 * 'Notifications (3 unread)': the bell's name holds the text its badge shows ('9+' beyond nine), so
 * the name contains what is seen (WCAG 2.5.3) and speech users can say it.
 */
export function notificationsLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications (${unreadBadgeText(unreadCount)} unread)` : 'Notifications';
}
