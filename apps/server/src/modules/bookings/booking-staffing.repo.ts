/**
 * The SQL of staffing a booking: who is on it, who may be put on it, and putting them on. The
 * database's overlap rule (booking_guards_no_overlap) has the last word on whether a guard is free.
 */
import { and, asc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains } from '../../lib/admin-list.ts';

export async function findBooking(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** The guards on a booking, in the order they were put on. */
export function findBookingGuardIds(db: Executor, bookingId: string) {
  return db
    .select({ guardProfileId: bookingGuards.guardProfileId })
    .from(bookingGuards)
    .where(eq(bookingGuards.bookingId, bookingId))
    .orderBy(asc(bookingGuards.createdAt), asc(bookingGuards.id));
}

/** The guards on a booking with who put each on (null: the client chose the guard), in the order they were put on. */
export function findBookingGuards(db: Executor, bookingId: string) {
  return db
    .select({ guardProfileId: bookingGuards.guardProfileId, assignedByProfileId: bookingGuards.assignedByProfileId, fullName: profiles.fullName })
    .from(bookingGuards)
    .innerJoin(profiles, eq(profiles.id, bookingGuards.guardProfileId))
    .where(eq(bookingGuards.bookingId, bookingId))
    .orderBy(asc(bookingGuards.createdAt), asc(bookingGuards.id));
}

interface Period {
  id: string;
  startTime: Date;
  endTime: Date;
}

/** The guard holds a live booking (of any kind, on any booking but this one) overlapping the period. */
const busyDuring = (b: Period): SQL =>
  sql`exists (select 1 from ${bookingGuards} bg where bg.guard_profile_id = ${guards.profileId} and bg.live
        and bg.booking_id <> ${b.id} and bg.start_time < ${b.endTime.toISOString()}::timestamptz and bg.end_time > ${b.startTime.toISOString()}::timestamptz)`;

const guardFacts = {
  profileId: guards.profileId,
  fullName: profiles.fullName,
  specialization: guards.specialization,
  experienceYears: guards.experienceYears,
  rateHourly: guards.rateHourly,
  rateDaily: guards.rateDaily,
  averageRating: guards.averageRating,
  credentialsValidUntil: guards.credentialsValidUntil,
};

/** What staffing checks of each chosen guard: approval, onboarding, availability, credentials, a block, and other live jobs then. */
export function findStaffingFacts(db: Executor, guardProfileIds: string[], booking: Period) {
  return db
    .select({
      ...guardFacts,
      approved: guards.approved,
      onboardingComplete: guards.onboardingComplete,
      fitForDuty: guards.fitForDuty,
      availability: guards.availability,
      psraLicenceNumber: guards.psraLicenceNumber,
      psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
      policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
      policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
      blocked: sql<boolean>`${profiles.blockedAt} is not null`,
      busy: sql<boolean>`${busyDuring(booking)}`,
    })
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .where(inArray(guards.profileId, guardProfileIds));
}

/**
 * Guards who may be put on the booking, by name: Deployment Ready (through onboarding, credentialed
 * through `lastDay`), available, not blocked, not on it already and free for its whole time.
 */
export function findCandidates(db: Executor, booking: Period, lastDay: string, q: string | undefined, limit: number) {
  return db
    .select(guardFacts)
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .where(
      and(
        eq(guards.deploymentReady, true),
        eq(guards.availability, true),
        isNull(profiles.blockedAt),
        sql`${guards.credentialsValidUntil} >= ${lastDay}::date`,
        q ? ilikeContains(profiles.fullName, q) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookingGuards)
            .where(and(eq(bookingGuards.bookingId, booking.id), eq(bookingGuards.guardProfileId, guards.profileId))),
        ),
        sql`not ${busyDuring(booking)}`,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(guards.profileId))
    .limit(limit);
}

/** The booking's own guard (the mirror trigger adds its booking_guards row). Not a status change. */
export async function setBookingGuard(db: Executor, bookingId: string, guardProfileId: string, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ guardProfileId, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.guardProfileId)));
}

export async function recordAssigner(db: Executor, bookingId: string, guardProfileId: string, adminProfileId: string): Promise<void> {
  await db
    .update(bookingGuards)
    .set({ assignedByProfileId: adminProfileId })
    .where(and(eq(bookingGuards.bookingId, bookingId), eq(bookingGuards.guardProfileId, guardProfileId)));
}

/**
 * More guards on a booking, live for its time: the overlap rule refuses any who is busy. Rows go in
 * in the order of the guards' ids, the order in which their turn-taking locks are then taken (see
 * migration 0026), so two staffings of the same guards in a different order do not deadlock.
 */
export async function insertBookingGuards(db: Executor, booking: Period, guardProfileIds: string[], adminProfileId: string): Promise<void> {
  if (guardProfileIds.length === 0) return;
  await db.insert(bookingGuards).values(
    guardProfileIds.toSorted().map((guardProfileId) => ({
      bookingId: booking.id,
      guardProfileId,
      startTime: booking.startTime,
      endTime: booking.endTime,
      live: true,
      assignedByProfileId: adminProfileId,
    })),
  );
}

/**
 * The booking's own guard changes to `next` (or to none): the mirror trigger deletes the old
 * guard's booking_guards row, and `next` already has one (it is on the team). Not a status change.
 */
export async function replaceBookingGuard(db: Executor, bookingId: string, from: string, next: string | null, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ guardProfileId: next, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.guardProfileId, from)));
}

/** A team guard leaves the booking. */
export async function deleteBookingGuard(db: Executor, bookingId: string, guardProfileId: string): Promise<void> {
  await db.delete(bookingGuards).where(and(eq(bookingGuards.bookingId, bookingId), eq(bookingGuards.guardProfileId, guardProfileId)));
}
