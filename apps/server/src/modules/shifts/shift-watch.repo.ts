/** The shift watch's SQL: bookings near their start or end, people to tell, and notices claimed once. */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { shiftNotices } from '../../db/schema/shifts.ts';
import { shiftBookingColumns } from './shifts.repo.ts';

const withClient = { ...shiftBookingColumns, clientName: profiles.fullName, clientPhone: profiles.phone, clientEmail: users.email };

/** Confirmed bookings starting in (from, to]: the reminders' candidates (bookings_status_start_idx). */
export function findStartingBetween(db: Executor, from: Date, to: Date) {
  return db
    .select(withClient)
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.startTime, from), lte(bookings.startTime, to)));
}

/**
 * Confirmed bookings under way or ended since `endedSince`: late alerts, check-out prompts and
 * completion (bookings_shift_end_idx: end, then start, of confirmed and completed bookings).
 */
export function findUnderWay(db: Executor, now: Date, endedSince: Date) {
  return db
    .select(withClient)
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        // Written as the partial index's own predicate, so the planner takes bookings_shift_end_idx.
        sql`${bookings.status} in ('confirmed', 'completed')`,
        eq(bookings.status, 'confirmed'),
        gt(bookings.endTime, endedSince),
        lte(bookings.startTime, now),
      ),
    );
}

export type WatchedBooking = Awaited<ReturnType<typeof findUnderWay>>[number];

/** The admins' e-mail addresses: who hears about late guards and incidents. */
export function findAdminContacts(db: Executor) {
  return db
    .select({ profileId: profiles.id, email: users.email, fullName: profiles.fullName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.role, 'admin'));
}

/** The guards' e-mail addresses on top of what findGuardsOn gives. */
export async function findEmails(db: Executor, profileIds: string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: profiles.id, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(sql`${profiles.id} in ${profileIds}`);
  return new Map(rows.map((r) => [r.profileId, r.email]));
}

export interface NoticeKey {
  bookingId: string;
  kind: string;
  subject: string;
  shiftIndex: number;
  startTime: Date;
}

/** Claims a notice: true the first time, false ever after, whichever copy of the server asks. */
export async function claimNotice(db: Executor, key: NoticeKey, now: Date): Promise<boolean> {
  const rows = await db
    .insert(shiftNotices)
    .values({ ...key, sentAt: now })
    .onConflictDoNothing()
    .returning({ kind: shiftNotices.kind });
  return rows.length > 0;
}

/** Every notice already claimed on these bookings (shift_notices_pkey, by booking). */
export function findClaims(db: Executor, bookingIds: string[]): Promise<NoticeKey[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      bookingId: shiftNotices.bookingId,
      kind: shiftNotices.kind,
      subject: shiftNotices.subject,
      shiftIndex: shiftNotices.shiftIndex,
      startTime: shiftNotices.startTime,
    })
    .from(shiftNotices)
    .where(inArray(shiftNotices.bookingId, bookingIds));
}
