import { bookingLengthText } from '@ops/shared/domain/booking-labels';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';

export { SERVICE_TYPE_LABELS } from '@ops/shared/constants';
export { bookingServiceLabel } from '@ops/shared/domain/booking-labels';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '6 hours'; '3 days' for a daily or monthly booking; '2 nights, 18:00–06:00' for night shifts. */
export function durationText(booking: Pick<BookingSummaryDto, 'bookingType' | 'durationHours'> & { shiftType?: BookingSummaryDto['shiftType'] }): string {
  return bookingLengthText(booking);
}

export const guardsCountText = (teamSize: number) => plural(teamSize, 'guard', 'guards');

/**
 * The other party: the guard for a client; the client (or their company) for a guard, whom the
 * server names only once the job is paid and not cancelled.
 */
export function counterpart(booking: BookingSummaryDto, audience: 'client' | 'guard'): { label: string; name: string } {
  if (audience === 'guard') {
    const { client } = booking;
    if (!client) return { label: 'Client', name: booking.status === 'cancelled' ? 'Not shown for a cancelled job' : 'Shown once the booking is paid' };
    return { label: 'Client', name: client.isCompany && client.companyName ? client.companyName : client.fullName };
  }
  return { label: 'Guard', name: booking.guard?.fullName ?? 'To be assigned' };
}
