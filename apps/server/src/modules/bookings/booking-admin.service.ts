/**
 * The console's status actions on a booking: confirm, complete, cancel, only along the shared
 * machine (pending → confirmed | cancelled; confirmed → completed | cancelled), through the
 * lifecycle service that owns the status. Written with its audit row in one transaction; the client
 * and every guard on the booking are told in the same transaction.
 */
import { canMoveBooking, StatusMoveError } from '@ops/shared/domain/booking-status';
import { ADMIN_CANCEL_REASON, type AdminBookingTarget } from '@ops/shared/schemas/admin-bookings';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import { cancel, complete, confirm, lockBooking, type BookingRow } from './booking-lifecycle.service.ts';
import { BOOKING_NOT_FOUND, type StaffAction } from './booking-staffing.service.ts';
import { findBookingGuardIds } from './booking-staffing.repo.ts';

export const UNPAID_CONFIRM_MESSAGE = 'Only a paid booking can be confirmed. This booking has not been paid yet.';

/** What the client and the guards read about the change. */
function changeNotice(b: BookingRow, to: Exclude<AdminBookingTarget, 'pending'>): { client: string; guard: string } {
  if (to === 'confirmed') return { client: `Booking ${b.reference} is confirmed.`, guard: `Booking ${b.reference} is confirmed: the job goes ahead.` };
  if (to === 'completed')
    return { client: `Booking ${b.reference} is completed. Thank you for booking with OPS.`, guard: `Booking ${b.reference} is completed.` };
  return {
    client: `Booking ${b.reference} was cancelled by the OPS office.`,
    guard: `Booking ${b.reference} was cancelled by the OPS office: the job is off.`,
  };
}

/** Moves the booking to `to` as an admin; 409 with the machine's words for a move it does not allow. */
export async function moveBookingAsAdmin(action: StaffAction & { jobs: JobQueue }, bookingId: string, to: AdminBookingTarget): Promise<void> {
  await action.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
    if (to === 'pending' || !canMoveBooking(booking.status, to)) throw AppError.conflict(new StatusMoveError('booking', booking.status, to).message);
    // The table holds confirmed and completed bookings to being paid; say so rather than fail on it.
    if (to === 'confirmed' && booking.paymentStatus !== 'paid') throw AppError.conflict(UNPAID_CONFIRM_MESSAGE);
    const before = { status: booking.status, paymentStatus: booking.paymentStatus };
    if (to === 'confirmed') await confirm(tx, booking, action.now);
    else if (to === 'completed') await complete(tx, booking, action.now);
    else {
      await cancel(tx, booking, ADMIN_CANCEL_REASON, action.now, 'admin');
      // A confirmed booking is in the client's calendar: the update removes it there and for the guards.
      if (before.status === 'confirmed') await action.jobs.enqueue('send-booking-cancelled', { bookingId: booking.id }, { tx });
    }
    await recordAudit(tx, {
      actor: action.actor,
      action: 'booking.status',
      recordType: 'booking',
      recordId: booking.id,
      subjectProfileId: booking.clientProfileId,
      before,
      after: { status: booking.status, paymentStatus: booking.paymentStatus },
    });
    const notice = changeNotice(booking, to);
    const guards = (await findBookingGuardIds(tx, booking.id)).map((g) => g.guardProfileId);
    await notify(tx, [booking.clientProfileId], 'booking', notice.client, bookingLink(booking.id));
    await notify(tx, guards, 'booking', notice.guard, bookingLink(booking.id));
  });
}
