import { NOTIFICATION_LIST_LIMIT, type NotificationListDto } from '@ops/shared/schemas/notifications';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  adminProfileIds,
  countUnreadNotifications,
  deleteNotificationsOf,
  findAllNotifications,
  findLatestNotifications,
  insertNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationType,
} from './notifications.repo.ts';

/**
 * Tells these people something: one row per recipient (each has their own read flag). Takes a
 * transaction too, so a notification is written together with the change it announces.
 */
export async function notify(db: Executor, recipients: readonly string[], type: NotificationType, message: string, link?: string): Promise<void> {
  const unique = [...new Set(recipients)];
  await insertNotifications(
    db,
    unique.map((profileId) => ({ profileId, type, message, link: link ?? null })),
  );
}

/** Tells every admin, in the caller's transaction like notify(). */
export async function notifyAdmins(db: Executor, type: NotificationType, message: string, link?: string): Promise<void> {
  await notify(db, await adminProfileIds(db), type, message, link);
}

export async function listNotifications(db: Executor, profileId: string): Promise<NotificationListDto> {
  const [rows, unreadCount] = await Promise.all([
    findLatestNotifications(db, profileId, NOTIFICATION_LIST_LIMIT),
    countUnreadNotifications(db, profileId),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    unreadCount,
  };
}

export async function markRead(db: Executor, profileId: string, notificationId: string): Promise<void> {
  // Someone else's notification answers the same as a missing one: its existence is not ours to tell.
  if (!(await markNotificationRead(db, profileId, notificationId))) throw AppError.notFound('Notification not found');
}

export async function markAllRead(db: Executor, profileId: string): Promise<void> {
  await markAllNotificationsRead(db, profileId);
}

/** All of a person's notifications as stored, for the export of their personal data. */
export function notificationsOf(db: Executor, profileId: string) {
  return findAllNotifications(db, profileId);
}

/** Removes a person's notifications when their account is deleted; how many went. */
export function removeNotificationsOf(db: Executor, profileId: string): Promise<number> {
  return deleteNotificationsOf(db, profileId);
}
// A change that announces itself in the same statement (a booking and the client's notice of it)
// builds the notice's INSERT from here.
export { notificationInsert, type NewNotification } from './notifications.repo.ts';
