/**
 * A client moves a paid booking to a new start (decision 030): same service, guards and length, so
 * the same price. The policy (shared reschedule-policy.ts) says when; the new start is checked like
 * a new booking's; each guard on it must still be able to work then (deployment ready, credentialed
 * through the new last day, free: the database's overlap rule has the last word). A guard who cannot
 * is named, and the client keeps the old time or moves anyway, leaving the OPS office to put another
 * guard on. The move, its audit row, the bells and the calendar update's job are one transaction.
 */
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { movesLeft, rescheduledTimes, rescheduleRefusal } from '@ops/shared/domain/reschedule-policy';
import type { RescheduleBookingInput, RescheduledBookingDto, RescheduleOptionsDto, UnavailableGuard } from '@ops/shared/schemas/bookings';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isGuardOverlap } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify, notifyAdmins } from '../notifications/notifications.service.ts';
import { bookingWhen } from '../payments/booking-text.ts';
import { getMaxAdvanceBookingDays, getReschedulePolicy } from '../settings/settings.service.ts';
import { GUARD_BUSY_MESSAGE, retryTransientFailures } from './booking-create.service.ts';
import { lockBooking, moveBooking, releaseLapsedHoldsOverlapping, type BookingRow } from './booking-lifecycle.service.ts';
import { BOOKING_NOT_FOUND, guardRefusal } from './booking-staffing.service.ts';
import { deleteBookingGuard, findBooking, findBookingGuards, findStaffingFacts, replaceBookingGuard } from './booking-staffing.repo.ts';

export type RescheduleDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock'>;

interface Period {
  startTime: Date;
  endTime: Date;
}

/** The client's own booking; another client's is answered as one that does not exist. */
function ownBooking(booking: BookingRow | null, clientProfileId: string): BookingRow {
  if (!booking || booking.clientProfileId !== clientProfileId) throw AppError.notFound(BOOKING_NOT_FOUND);
  return booking;
}

/** The new times asked for, checked like a new booking's start (400 with the fields otherwise). */
async function newTimes(db: Executor, booking: BookingRow, request: { date?: string; startTime?: string }, now: Date): Promise<Period> {
  const moved = rescheduledTimes(booking, request, { now, maxAdvanceDays: await getMaxAdvanceBookingDays(db) });
  if (!moved.ok) throw AppError.validation(moved.errors);
  return { startTime: moved.start, endTime: moved.end };
}

/** The guards on the booking who could not work at the new time, with why. */
async function unavailableGuards(db: Executor, booking: BookingRow, period: Period, now: Date): Promise<UnavailableGuard[]> {
  const on = await findBookingGuards(db, booking.id);
  if (on.length === 0) return [];
  const facts = await findStaffingFacts(
    db,
    on.map((g) => g.guardProfileId),
    { id: booking.id, ...period },
  );
  const today = nairobiDate(now);
  const lastDay = nairobiDate(new Date(period.endTime.getTime() - 1));
  return facts.flatMap((f) => {
    const reason = guardRefusal(f, today, lastDay);
    return reason ? [{ profileId: f.profileId, fullName: f.fullName, reason }] : [];
  });
}

const names = (guards: { fullName: string }[]) => guards.map((g) => g.fullName).join(', ');

export function guardsUnavailableMessage(guards: UnavailableGuard[]): string {
  const who = guards.length === 1 ? `${guards[0]!.fullName} cannot work then` : `${names(guards)} cannot work then`;
  return `${who}. Keep the current time, or move it anyway and the OPS office will find ${guards.length === 1 ? 'another guard' : 'other guards'}.`;
}

/** Whether the booking may move now, and, given a new time, who on it could not work then. Writes nothing. */
export async function rescheduleOptions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  clientProfileId: string,
  bookingId: string,
  request: { date?: string; startTime?: string },
): Promise<RescheduleOptionsDto> {
  const now = deps.clock();
  const booking = ownBooking(await findBooking(deps.db, bookingId), clientProfileId);
  const policy = await getReschedulePolicy(deps.db);
  const options: RescheduleOptionsDto = {
    refusal: rescheduleRefusal(policy, booking, now),
    movesLeft: movesLeft(policy, booking),
    noticeHours: policy.noticeHours,
    startTime: booking.startTime.toISOString(),
    endTime: booking.endTime.toISOString(),
    check: null,
  };
  if (options.refusal || (!request.date && !request.startTime)) return options;
  const period = await newTimes(deps.db, booking, request, now);
  const unavailable = await unavailableGuards(deps.db, booking, period, now);
  return { ...options, check: { startTime: period.startTime.toISOString(), endTime: period.endTime.toISOString(), unavailable } };
}

/** Takes the guards who cannot work then off the booking, before it moves (the overlap rule would refuse the move). */
async function takeOff(tx: Transaction, booking: BookingRow, leaving: UnavailableGuard[], now: Date): Promise<void> {
  const leavingIds = new Set(leaving.map((g) => g.profileId));
  const staying = (await findBookingGuards(tx, booking.id)).filter((g) => !leavingIds.has(g.guardProfileId));
  for (const guard of leaving) {
    if (booking.guardProfileId === guard.profileId) {
      const next = staying[0]?.guardProfileId ?? null;
      await replaceBookingGuard(tx, booking.id, guard.profileId, next, now);
      booking.guardProfileId = next;
    } else {
      await deleteBookingGuard(tx, booking.id, guard.profileId);
    }
  }
}

async function tellEveryone(tx: Transaction, booking: BookingRow, previous: Period, leaving: UnavailableGuard[]): Promise<void> {
  const when = bookingWhen(booking.startTime, booking.endTime);
  const link = bookingLink(booking.id);
  const staying = (await findBookingGuards(tx, booking.id)).map((g) => g.guardProfileId);
  await notify(tx, staying, 'booking', `Booking ${booking.reference} has moved to ${when}.`, link);
  await notify(
    tx,
    leaving.map((g) => g.profileId),
    'booking',
    `You are no longer on booking ${booking.reference}: the client moved it to ${when}, when you cannot work.`,
  );
  const was = bookingWhen(previous.startTime, previous.endTime);
  const restaff =
    leaving.length > 0 ? ` It needs ${leaving.length === 1 ? 'a guard' : `${leaving.length} guards`}: ${names(leaving)} could not work then.` : '';
  await notifyAdmins(
    tx,
    'booking',
    `The client moved booking ${booking.reference} from ${was} to ${when}.${restaff}`,
    `/admin?view=bookings&q=${booking.reference}`,
  );
}

export async function rescheduleClientBooking(
  deps: RescheduleDeps,
  clientProfileId: string,
  bookingId: string,
  input: RescheduleBookingInput & { actor: AuditActor },
): Promise<RescheduledBookingDto> {
  const now = deps.clock();
  const write = () =>
    deps.db.transaction(async (tx) => {
      const booking = ownBooking(await lockBooking(tx, bookingId), clientProfileId);
      const policy = await getReschedulePolicy(tx);
      const refusal = rescheduleRefusal(policy, booking, now);
      if (refusal) throw AppError.conflict(refusal);
      const period = await newTimes(tx, booking, input, now);
      const onBooking = await findBookingGuards(tx, booking.id);
      // Holds that ran out but are not swept yet must not keep the new time from a paid booking.
      for (const g of onBooking) await releaseLapsedHoldsOverlapping(tx, g.guardProfileId, period.startTime, period.endTime, now);
      const leaving = await unavailableGuards(tx, booking, period, now);
      if (leaving.length > 0 && !input.restaff) {
        const message = guardsUnavailableMessage(leaving);
        throw AppError.conflict(message, { startTime: message });
      }
      const previous = { startTime: booking.startTime, endTime: booking.endTime };
      await takeOff(tx, booking, leaving, now);
      try {
        await tx.transaction((savepoint) => moveBooking(savepoint, booking, period, now, policy));
      } catch (err) {
        if (isGuardOverlap(err)) throw AppError.conflict(GUARD_BUSY_MESSAGE, { startTime: GUARD_BUSY_MESSAGE });
        throw err;
      }
      await deps.jobs.enqueue(
        'send-booking-moved',
        {
          bookingId: booking.id,
          sequence: booking.calendarSequence,
          previousStart: previous.startTime.toISOString(),
          previousEnd: previous.endTime.toISOString(),
          guardsTakenOff: leaving.map((g) => g.profileId),
        },
        { tx },
      );
      await recordAudit(tx, {
        actor: input.actor,
        action: 'booking.reschedule',
        recordType: 'booking',
        recordId: booking.id,
        subjectProfileId: booking.clientProfileId,
        before: { startTime: previous.startTime.toISOString(), endTime: previous.endTime.toISOString() },
        after: {
          startTime: booking.startTime.toISOString(),
          endTime: booking.endTime.toISOString(),
          rescheduleCount: booking.rescheduleCount,
          guardsTakenOff: leaving.map((g) => g.profileId),
        },
        at: now,
      });
      await tellEveryone(tx, booking, previous, leaving);
      return {
        id: booking.id,
        reference: booking.reference,
        startTime: booking.startTime.toISOString(),
        endTime: booking.endTime.toISOString(),
        movesLeft: movesLeft(policy, booking),
        guardsTakenOff: leaving.map((g) => g.fullName),
      };
    });
  const moved = await retryTransientFailures(write);
  deps.logger.info({ bookingId, startTime: moved.startTime, guardsTakenOff: moved.guardsTakenOff.length }, 'client moved a paid booking');
  return moved;
}
