/** The shift's SQL: the bookings a guard works, what was recorded on them, and check-ins and check-outs. */
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uuidArray } from '../../lib/admin-search.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { incidents, shiftChecks } from '../../db/schema/shifts.ts';

export const shiftBookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  clientProfileId: bookings.clientProfileId,
  guardProfileId: bookings.guardProfileId,
  serviceType: bookings.serviceType,
  bookingType: bookings.bookingType,
  shiftType: bookings.shiftType,
  teamSize: bookings.teamSize,
  area: bookings.area,
  address: bookings.address,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  durationHours: bookings.durationHours,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  siteCode: bookings.siteCode,
  siteLatitude: bookings.siteLatitude,
  siteLongitude: bookings.siteLongitude,
  completedAt: bookings.completedAt,
  completionKind: bookings.completionKind,
};

/**
 * The confirmed or completed bookings a guard is on that overlap [from, to) (the guard's day):
 * booking_guards_guard_start_idx, with the client's name and phone for the caller to show or not.
 */
export function findGuardBookings(db: Executor, guardProfileId: string, from: Date, to: Date) {
  return db
    .select({ ...shiftBookingColumns, clientName: profiles.fullName, clientPhone: profiles.phone, clientCompanyName: profiles.companyName })
    .from(bookingGuards)
    .innerJoin(bookings, eq(bookings.id, bookingGuards.bookingId))
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .where(
      and(
        eq(bookingGuards.guardProfileId, guardProfileId),
        lt(bookingGuards.startTime, to),
        gt(bookingGuards.endTime, from),
        // Bookings run at most 31 days: the index is read from a month before the day on.
        gt(bookingGuards.startTime, new Date(from.getTime() - 32 * 86_400_000)),
        inArray(bookings.status, ['confirmed', 'completed']),
      ),
    )
    .orderBy(bookingGuards.startTime);
}

export type ShiftBookingRow = Awaited<ReturnType<typeof findGuardBookings>>[number];

/** A booking with the guard on it, or null when this guard is not on it. */
export async function findBookingOfGuard(db: Executor, bookingId: string, guardProfileId: string) {
  const [row] = await db
    .select(shiftBookingColumns)
    .from(bookings)
    .innerJoin(bookingGuards, and(eq(bookingGuards.bookingId, bookings.id), eq(bookingGuards.guardProfileId, guardProfileId)))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** Everything recorded on these bookings (all guards, all shifts), with the guard's name. */
export function findChecks(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      bookingId: shiftChecks.bookingId,
      guardProfileId: shiftChecks.guardProfileId,
      guardName: profiles.fullName,
      shiftIndex: shiftChecks.shiftIndex,
      checkedInAt: shiftChecks.checkedInAt,
      checkedOutAt: shiftChecks.checkedOutAt,
      verifiedBy: shiftChecks.verifiedBy,
      inLatitude: shiftChecks.inLatitude,
      inLongitude: shiftChecks.inLongitude,
      inAccuracyMeters: shiftChecks.inAccuracyMeters,
    })
    .from(shiftChecks)
    .innerJoin(profiles, eq(profiles.id, shiftChecks.guardProfileId))
    .where(sql`${shiftChecks.bookingId} = any(${uuidArray(bookingIds)})`);
}

/** A booking as its report shows it. */
export async function findReportBooking(db: Executor, bookingId: string) {
  const [row] = await db.select(shiftBookingColumns).from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** Guards on these bookings, with their names and phones. */
export function findGuardsOn(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ bookingId: bookingGuards.bookingId, guardProfileId: bookingGuards.guardProfileId, fullName: profiles.fullName, phone: profiles.phone })
    .from(bookingGuards)
    .innerJoin(profiles, eq(profiles.id, bookingGuards.guardProfileId))
    .where(sql`${bookingGuards.bookingId} = any(${uuidArray(bookingIds)})`)
    .orderBy(bookingGuards.createdAt);
}

interface PositionColumns {
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
}

/** The check-in, once: null when this guard already checked in to this shift (ten presses, one row). */
export async function insertCheckIn(
  db: Executor,
  row: { bookingId: string; guardProfileId: string; shiftIndex: number; at: Date; verifiedBy: 'code' | 'position' | null } & PositionColumns,
) {
  const [inserted] = await db
    .insert(shiftChecks)
    .values({
      bookingId: row.bookingId,
      guardProfileId: row.guardProfileId,
      shiftIndex: row.shiftIndex,
      checkedInAt: row.at,
      verifiedBy: row.verifiedBy,
      inLatitude: row.latitude,
      inLongitude: row.longitude,
      inAccuracyMeters: row.accuracyMeters,
    })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** The check-out, once: null when there is no open check-in for this shift. */
export async function recordCheckOut(
  db: Executor,
  key: { bookingId: string; guardProfileId: string; shiftIndex: number },
  at: Date,
  position: PositionColumns,
) {
  const [row] = await db
    .update(shiftChecks)
    .set({ checkedOutAt: at, outLatitude: position.latitude, outLongitude: position.longitude, outAccuracyMeters: position.accuracyMeters })
    .where(
      and(
        eq(shiftChecks.bookingId, key.bookingId),
        eq(shiftChecks.guardProfileId, key.guardProfileId),
        eq(shiftChecks.shiftIndex, key.shiftIndex),
        isNull(shiftChecks.checkedOutAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** A booking's status, or null when it is gone. */
export async function findBookingStatus(db: Executor, bookingId: string) {
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.status ?? null;
}

/**
 * The bookings worked in [from, to): confirmed and completed, by end then start
 * (bookings_shift_end_idx). Bookings run at most 31 days, so the end is read no further than a
 * month past the day.
 */
const workedBetween = (from: Date, to: Date) =>
  and(
    sql`${bookings.status} in ('confirmed', 'completed')`,
    gt(bookings.endTime, from),
    lt(bookings.endTime, new Date(to.getTime() + 32 * 86_400_000)),
    lt(bookings.startTime, to),
  );

/**
 * The Today board's day: every booking worked in [from, to), one row per guard on it (or one with
 * no guard) and per check-in of that guard (or one with none), with only what a shift's state
 * needs; names and places are read for the page shown (findBoardDetails). A booking's rows come
 * together, its guards in the order they were put on.
 */
export function findBoardShifts(db: Executor, from: Date, to: Date) {
  return db
    .select({
      bookingId: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      bookingType: bookings.bookingType,
      shiftType: bookings.shiftType,
      teamSize: bookings.teamSize,
      guardProfileId: bookingGuards.guardProfileId,
      shiftIndex: shiftChecks.shiftIndex,
      checkedInAt: shiftChecks.checkedInAt,
      checkedOutAt: shiftChecks.checkedOutAt,
      verifiedBy: shiftChecks.verifiedBy,
    })
    .from(bookings)
    .leftJoin(bookingGuards, eq(bookingGuards.bookingId, bookings.id))
    .leftJoin(shiftChecks, and(eq(shiftChecks.bookingId, bookings.id), eq(shiftChecks.guardProfileId, bookingGuards.guardProfileId)))
    .where(workedBetween(from, to))
    .orderBy(bookings.id, bookingGuards.createdAt, bookingGuards.guardProfileId);
}

/** How many incidents were filed per booking, guard and shift on the bookings worked in [from, to). */
export function findBoardIncidents(db: Executor, from: Date, to: Date) {
  return db
    .select({
      bookingId: incidents.bookingId,
      guardProfileId: incidents.guardProfileId,
      shiftIndex: incidents.shiftIndex,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(incidents, eq(incidents.bookingId, bookings.id))
    .where(workedBetween(from, to))
    .groupBy(incidents.bookingId, incidents.guardProfileId, incidents.shiftIndex);
}

/** What the board's page shows of its bookings (their client) and of its guards. */
export async function findBoardDetails(db: Executor, bookingIds: string[], guardIds: string[]) {
  const [booked, guards] = await Promise.all([
    bookingIds.length === 0
      ? []
      : db
          .select({
            id: bookings.id,
            reference: bookings.reference,
            area: bookings.area,
            address: bookings.address,
            clientName: profiles.fullName,
            clientCompanyName: profiles.companyName,
          })
          .from(bookings)
          .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
          .where(sql`${bookings.id} = any(${uuidArray(bookingIds)})`),
    guardIds.length === 0
      ? []
      : db
          .select({ id: profiles.id, fullName: profiles.fullName, phone: profiles.phone })
          .from(profiles)
          .where(sql`${profiles.id} = any(${uuidArray(guardIds)})`),
  ]);
  return { bookings: new Map(booked.map((b) => [b.id, b])), guards: new Map(guards.map((g) => [g.id, g])) };
}

/** These people's phone numbers, by profile. */
export async function findPhones(db: Executor, profileIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: profiles.id, phone: profiles.phone })
    .from(profiles)
    .where(sql`${profiles.id} = any(${uuidArray(profileIds)})`);
  return new Map(rows.flatMap((r) => (r.phone ? [[r.id, r.phone] as const] : [])));
}
