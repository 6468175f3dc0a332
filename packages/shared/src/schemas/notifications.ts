import type { NOTIFICATION_TYPES } from '../constants.ts';

export interface NotificationDto {
  id: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  message: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** The bell: the latest notifications (newest first) and how many are unread in all. */
export interface NotificationListDto {
  items: NotificationDto[];
  unreadCount: number;
}

export const NOTIFICATION_LIST_LIMIT = 20;
