import type { BookingPaymentStatus, BookingStatus, Role } from '../constants.ts';

/** Where "Go to Dashboard" on the home page leads for each role. */
export function dashboardPathFor(role: Role): string {
  if (role === 'admin') return '/admin';
  if (role === 'guard') return '/guard-dashboard';
  return '/client-dashboard';
}

export function homeWelcomeText(role: Role): string {
  if (role === 'client') return 'Ready to book your next security service?';
  if (role === 'guard') return 'Check your bookings and update your availability';
  return 'Manage the OPS platform';
}

export const canBookGuards = (role: Role | undefined): boolean => role === 'client';

/**
 * Whether a guard may see who a booking's client is and where exactly to go (name, specific
 * location, phone): only on a job assigned to that guard, paid and not cancelled. Otherwise the
 * guard sees the area alone. Unpaid holds come and go; a cancelled job is none of theirs any more.
 */
export function guardSeesClientDetails(
  booking: { guardProfileId: string | null; status: BookingStatus; paymentStatus: BookingPaymentStatus },
  guardProfileId: string,
): boolean {
  return booking.guardProfileId === guardProfileId && booking.paymentStatus === 'paid' && booking.status !== 'cancelled';
}
