import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';

type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

export interface BadgeLook {
  label: string;
  variant: BadgeVariant;
}

export { SERVICE_TYPE_LABELS } from '@ops/shared/constants';

const STATUS: Record<BookingSummaryDto['status'], BadgeLook> = {
  confirmed: { label: 'Confirmed', variant: 'default' },
  pending: { label: 'Pending', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
  completed: { label: 'Completed', variant: 'outline' },
};

const PAYMENT: Record<BookingSummaryDto['paymentStatus'], BadgeLook> = {
  paid: { label: 'Paid', variant: 'default' },
  pending: { label: 'Payment Pending', variant: 'secondary' },
  failed: { label: 'Payment Failed', variant: 'destructive' },
  unpaid: { label: 'Unpaid', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'outline' },
};

/** A pending booking that has not been paid (or whose payment failed) is waiting for its payment. */
export function statusBadge(booking: Pick<BookingSummaryDto, 'status' | 'paymentStatus'>): BadgeLook {
  if (booking.status === 'pending' && (booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'failed')) {
    return { label: 'Pending Payment', variant: 'secondary' };
  }
  return STATUS[booking.status];
}

export function paymentBadge(booking: Pick<BookingSummaryDto, 'paymentStatus'>): BadgeLook {
  return PAYMENT[booking.paymentStatus];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '6 hours' for an hourly booking, '3 days' for a daily or monthly one (stored as days × 24 hours). */
export function durationText(booking: Pick<BookingSummaryDto, 'bookingType' | 'durationHours'>): string {
  if (booking.bookingType === 'hourly') return plural(booking.durationHours, 'hour', 'hours');
  return plural(Math.max(1, Math.round(booking.durationHours / 24)), 'day', 'days');
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
