/**
 * Staffing: an admin puts guards on a booking that lacks them (the single-page form's bookings and
 * team bookings are made without). Only guards who are Deployment Ready (approved, through
 * onboarding, credentialed through the booking's last Nairobi day), available and free then;
 * everything is checked again in the transaction, and the database's overlap rule decides a race.
 * Written with its audit row; the guards are told.
 */
import { bookingServiceLabel } from '@ops/shared/domain/booking-labels';
import { bookingCredentialProblem } from '@ops/shared/domain/guard-credentials';
import { onboardedForDeployment } from '@ops/shared/domain/officer-onboarding';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { CANDIDATE_LIMIT, type BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { Database, Executor } from '../../db/client.ts';
import { isGuardOverlap } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import { bookingWhen } from '../payments/booking-text.ts';
import { GUARD_BUSY_MESSAGE, retryTransientFailures } from './booking-create.service.ts';
import { lockBooking, type BookingRow } from './booking-lifecycle.service.ts';
import {
  deleteBookingGuard,
  findBooking,
  findBookingGuardIds,
  findBookingGuards,
  findCandidates,
  findStaffingFacts,
  insertBookingGuards,
  recordAssigner,
  replaceBookingGuard,
  setBookingGuard,
} from './booking-staffing.repo.ts';

export interface StaffAction {
  db: Database;
  actor: AuditActor;
  now: Date;
}

export const BOOKING_NOT_FOUND = 'Booking not found';
export const NOT_STAFFABLE = 'Only a pending or confirmed booking that has not ended can be given guards.';
export const NOT_UNSTAFFABLE = 'Only a pending or confirmed booking that has not ended can have a guard taken off.';
export const NOT_ON_BOOKING = 'This guard is not on this booking.';
export const CLIENT_CHOSE_GUARD = 'The client chose this guard: only guards assigned in the console can be taken off here.';

export const isLive = (b: BookingRow, now: Date) => (b.status === 'pending' || b.status === 'confirmed') && b.endTime > now;

/** The booking's last Nairobi day (its end is exclusive), or today if that is later: credentials must hold through it. */
export function lastDayOf(b: BookingRow, now: Date): string {
  const last = nairobiDate(new Date(b.endTime.getTime() - 1));
  const today = nairobiDate(now);
  return last > today ? last : today;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Guards who may be put on the booking (at most CANDIDATE_LIMIT, by name), and how many it still needs. */
export async function listCandidates(db: Executor, bookingId: string, q: string | undefined, now: Date): Promise<BookingCandidates> {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
  const on = await findBookingGuardIds(db, bookingId);
  const needed = Math.max(0, booking.teamSize - on.length);
  if (!isLive(booking, now) || needed === 0) return { items: [], needed: isLive(booking, now) ? needed : 0 };
  const rows = await findCandidates(db, booking, lastDayOf(booking, now), q, CANDIDATE_LIMIT);
  return {
    needed,
    items: rows.map((r) => ({ ...r, credentialsValidUntil: r.credentialsValidUntil ?? '' })),
  };
}

/** Why this guard cannot be put on the booking, as the operator reads it, or null. */
export function guardRefusal(guard: Awaited<ReturnType<typeof findStaffingFacts>>[number], today: string, lastDay: string): string | null {
  if (!guard.approved) return `${guard.fullName} is not approved.`;
  if (!onboardedForDeployment(guard)) {
    return `${guard.fullName} is not deployment ready: 'Fit for duty' and 'Onboarding complete' must both be on in Officer Onboarding.`;
  }
  if (!guard.availability || guard.blocked) return `${guard.fullName} is not available for bookings.`;
  const credentials = bookingCredentialProblem(guard, today, lastDay);
  if (credentials) return `${guard.fullName}: ${credentials}`;
  if (guard.busy) return `${guard.fullName} is already booked for part of that time.`;
  return null;
}

export async function checkGuards(tx: Executor, booking: BookingRow, ids: string[], now: Date) {
  const facts = await findStaffingFacts(tx, ids, booking);
  if (facts.length !== ids.length) throw AppError.validation({ guardProfileIds: 'Choose guards from the list.' }, 'Choose guards from the list.');
  const today = nairobiDate(now);
  const lastDay = lastDayOf(booking, now);
  for (const guard of facts) {
    const why = guardRefusal(guard, today, lastDay);
    if (why) throw AppError.conflict(why, { guardProfileIds: why });
  }
  return new Map(facts.map((f) => [f.profileId, f.fullName]));
}

export async function tellGuards(tx: Executor, booking: BookingRow, guardIds: string[]) {
  const when = bookingWhen(booking.startTime, booking.endTime);
  const message = `New job: booking ${booking.reference}, ${bookingServiceLabel(booking)} in ${booking.area}, ${when}.`;
  await notify(tx, guardIds, 'booking', message, bookingLink(booking.id));
}

/**
 * Puts these guards on the booking: the first becomes the booking's own guard when it has none,
 * the rest join its team, never more than its team size. Answers 409 with the reason for a guard
 * who may not be put on it or is busy then (the overlap rule's refusal reads as a client's does).
 */
export async function staffBooking(action: StaffAction, bookingId: string, guardProfileIds: string[]): Promise<void> {
  const write = () =>
    action.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
      if (!isLive(booking, action.now)) throw AppError.conflict(NOT_STAFFABLE);
      const before = (await findBookingGuardIds(tx, bookingId)).map((g) => g.guardProfileId);
      const names = await checkGuards(tx, booking, guardProfileIds, action.now);
      const already = guardProfileIds.find((id) => before.includes(id));
      if (already) throw AppError.conflict(`${names.get(already)} is already on this booking.`);
      const room = booking.teamSize - before.length;
      if (guardProfileIds.length > room) {
        throw AppError.conflict(
          room === 0
            ? 'This booking already has all its guards.'
            : `This booking takes ${plural(booking.teamSize, 'guard')} and has ${before.length}: choose at most ${room}.`,
        );
      }
      const [first, ...rest] = guardProfileIds;
      const joining = booking.guardProfileId === null ? rest : guardProfileIds;
      try {
        await tx.transaction(async (savepoint) => {
          if (booking.guardProfileId === null && first) {
            await setBookingGuard(savepoint, booking.id, first, action.now);
            await recordAssigner(savepoint, booking.id, first, action.actor.profileId);
          }
          await insertBookingGuards(savepoint, booking, joining, action.actor.profileId);
        });
      } catch (err) {
        if (isGuardOverlap(err)) throw AppError.conflict(GUARD_BUSY_MESSAGE, { guardProfileIds: GUARD_BUSY_MESSAGE });
        throw err;
      }
      await recordAudit(tx, {
        actor: action.actor,
        action: 'booking.staff',
        recordType: 'booking',
        recordId: booking.id,
        subjectProfileId: booking.clientProfileId,
        before: { guardProfileIds: before },
        after: { guardProfileIds: [...before, ...guardProfileIds], teamSize: booking.teamSize },
      });
      await tellGuards(tx, booking, guardProfileIds);
      const added = guardProfileIds.map((id) => names.get(id)).join(', ');
      await notify(tx, [booking.clientProfileId], 'booking', `Booking ${booking.reference}: ${added} will guard it.`, bookingLink(booking.id));
    });
  await retryTransientFailures(write);
}

/**
 * Takes a guard the console put on a live booking off it again (a wrong choice, a guard who fell
 * ill): the guard's time is free at once, the booking needs a guard again (and shows under 'Needs
 * attention' when paid), and the guard and the client are told. The booking's own guard is
 * replaced by the next guard on its team, or by none. A guard the client chose is refused (409):
 * the client booked that person. Audited as 'booking.unstaff'.
 */
export async function unstaffBooking(action: StaffAction, bookingId: string, guardProfileId: string): Promise<void> {
  const write = () =>
    action.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
      if (!isLive(booking, action.now)) throw AppError.conflict(NOT_UNSTAFFABLE);
      const on = await findBookingGuards(tx, bookingId);
      const leaving = on.find((g) => g.guardProfileId === guardProfileId);
      if (!leaving) throw AppError.conflict(NOT_ON_BOOKING);
      if (leaving.assignedByProfileId === null) throw AppError.conflict(CLIENT_CHOSE_GUARD);
      if (booking.guardProfileId === guardProfileId) {
        const next = on.find((g) => g.guardProfileId !== guardProfileId)?.guardProfileId ?? null;
        await replaceBookingGuard(tx, booking.id, guardProfileId, next, action.now);
      } else {
        await deleteBookingGuard(tx, booking.id, guardProfileId);
      }
      const before = on.map((g) => g.guardProfileId);
      await recordAudit(tx, {
        actor: action.actor,
        action: 'booking.unstaff',
        recordType: 'booking',
        recordId: booking.id,
        subjectProfileId: booking.clientProfileId,
        before: { guardProfileIds: before },
        after: { guardProfileIds: before.filter((id) => id !== guardProfileId), teamSize: booking.teamSize },
      });
      const when = bookingWhen(booking.startTime, booking.endTime);
      await notify(tx, [guardProfileId], 'booking', `You are no longer on booking ${booking.reference} (${booking.area}, ${when}).`);
      await notify(
        tx,
        [booking.clientProfileId],
        'booking',
        `Booking ${booking.reference}: ${leaving.fullName} will no longer guard it. We will tell you who takes over.`,
        bookingLink(booking.id),
      );
    });
  await retryTransientFailures(write);
}
