import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { NOTIFICATION_TYPES } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a person sees of a notification: on the bell, and in their data export. */
export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  link: notifications.link,
  read: notifications.read,
  createdAt: notifications.createdAt,
};

export type NewNotification = { profileId: string; type: NotificationType; message: string; link: string | null };

/** Everyone with the admin role: who hears about what needs a person (a payment gone wrong, a confirmed booking). */
export async function adminProfileIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
  return rows.map((r) => r.id);
}

export async function insertNotifications(db: Executor, rows: NewNotification[]) {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** The INSERT of one notification, not run: for a statement that writes it together with its change. */
export function notificationInsert(db: Executor, row: NewNotification) {
  return db.insert(notifications).values(row).returning({ id: notifications.id });
}

export function findLatestNotifications(db: Executor, profileId: string, limit: number) {
  return db
    .select(notificationColumns)
    .from(notifications)
    .where(eq(notifications.profileId, profileId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Every notification the person has, oldest first: for their data export. */
export function findAllNotifications(db: Executor, profileId: string) {
  return db.select(notificationColumns).from(notifications).where(eq(notifications.profileId, profileId)).orderBy(asc(notifications.createdAt));
}

export async function countUnreadNotifications(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.profileId, profileId), eq(notifications.read, false)));
  return row?.unread ?? 0;
}

/** Marks one notification read; false when it is not this person's (or does not exist). */
export async function markNotificationRead(db: Executor, profileId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.profileId, profileId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllNotificationsRead(db: Executor, profileId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.profileId, profileId), eq(notifications.read, false)));
}

export async function deleteNotificationsOf(db: Executor, profileId: string): Promise<number> {
  const removed = await db.delete(notifications).where(eq(notifications.profileId, profileId)).returning({ id: notifications.id });
  return removed.length;
}
