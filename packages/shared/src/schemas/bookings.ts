import { z } from 'zod';
import { CANCEL_REASONS } from '../domain/cancellation-policy.ts';
import { BOOKING_STATUSES, type BookingPaymentStatus, type BookingStatus, type ServiceType } from '../constants.ts';
import { pageQuery, type Page } from './page.ts';

/**
 * The dashboards' bookings, a page at a time (decision 013), optionally of one status. A client's
 * come in the order that needs them first: waiting for payment and still payable, then upcoming
 * (soonest first), then the rest (latest start first); a guard's: upcoming, then the rest.
 */
export const bookingListQuery = pageQuery.extend({
  status: z.enum(BOOKING_STATUSES, { error: 'Choose one of the listed statuses' }).optional(),
});
export type BookingListQuery = z.input<typeof bookingListQuery>;
export type BookingListParams = z.output<typeof bookingListQuery>;

/** A booking as the dashboards list it: the signed-in client's own, or the guard's assigned jobs. */
export interface BookingSummaryDto {
  id: string;
  reference: string;
  /** Null for a booking made on /booking without choosing a service (bookingServiceLabel names it). */
  serviceType: ServiceType | null;
  bookingType: 'hourly' | 'daily' | 'monthly';
  /** The single-page form's daily shift; null otherwise. */
  shiftType: 'day' | 'night' | 'custom' | null;
  teamSize: number;
  area: string;
  /** The specific location; null for a guard until the job is paid (see guardSeesClientDetails). */
  address: string | null;
  startTime: string;
  endTime: string;
  durationHours: number;
  /** Whole KES, the server's price. */
  price: number;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  createdAt: string;
  guard: { profileId: string; fullName: string; avatarUrl: string | null } | null;
  /**
   * Who booked. A guard gets null until the job is paid, and again once it is cancelled: until then
   * a guard sees the area alone (guardSeesClientDetails).
   */
  client: { profileId: string; fullName: string; avatarUrl: string | null; isCompany: boolean; companyName: string | null; phone: string | null } | null;
  /** True for the client of a completed booking that has no review yet. */
  canReview: boolean;
  /**
   * Money being given back to the client (whole KES): pending until the payment service completes
   * it. Null when none is, and always for a guard.
   */
  refund: { amount: number; status: 'pending' | 'refunded' } | null;
}

export type BookingPageDto = Page<BookingSummaryDto>;

/** The client dashboard's stat cards. */
export interface ClientStatsDto {
  totalBookings: number;
  /** Pending or confirmed. */
  activeBookings: number;
  completed: number;
  /** Whole KES: the sum of paid payments (falls back to the price of paid bookings). */
  totalSpent: number;
}

/** The answer to a new booking: pending and unpaid, holding its slot until holdExpiresAt. */
export interface NewBookingDto {
  id: string;
  reference: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  /** Whole KES, the server's price. */
  price: number;
  durationHours: number;
  startTime: string;
  endTime: string;
  holdExpiresAt: string;
}

export const CANCEL_NOTE_MAX = 500;
export const CANCEL_NOTE_REQUIRED_MESSAGE = 'Say in a few words why you are cancelling.';

/**
 * POST /api/bookings/:id/cancel. An unpaid booking needs nothing; a paid one a reason (from the
 * list; 'Other' with a few words). `expectedRefund`: the figure the client saw, so that a refund
 * that fell while the dialog was open (the start came nearer) is confirmed again, not taken silently.
 */
export const cancelBookingInput = z
  .object({
    reason: z.enum(CANCEL_REASONS, { error: 'Choose one of the listed reasons.' }).optional(),
    note: z
      .string({ error: 'Enter the note as text.' })
      .trim()
      .max(CANCEL_NOTE_MAX, `Keep the note to ${CANCEL_NOTE_MAX} characters or fewer.`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    expectedRefund: z
      .number({ error: 'Enter the refund as a number.' })
      .int('Enter the refund in whole KES.')
      .min(0, 'Enter the refund in whole KES.')
      .optional(),
  })
  .refine((v) => v.reason !== 'Other' || (v.note !== undefined && v.note.length >= 3), { message: CANCEL_NOTE_REQUIRED_MESSAGE, path: ['note'] });
export type CancelBookingInput = z.output<typeof cancelBookingInput>;
export type CancelBookingRequest = z.input<typeof cancelBookingInput>;

/**
 * POST /api/bookings/:id/reschedule (and GET with the same fields as a query, to check a time
 * first). The new start as a Nairobi date and time; the length stays. `restaff`: move even when a
 * guard on the booking cannot work then, taking that guard off for the OPS office to replace.
 */
export const rescheduleBookingInput = z.object({
  date: z.string({ error: 'Please select a start date.' }).max(20, 'Enter a valid date (YYYY-MM-DD).'),
  startTime: z.string({ error: 'Please select a start time.' }).max(10, 'Enter the time as HH:mm (24-hour clock).'),
  restaff: z.boolean({ error: 'Say yes or no.' }).optional(),
});
export type RescheduleBookingInput = z.infer<typeof rescheduleBookingInput>;
export const rescheduleCheckQuery = rescheduleBookingInput.omit({ restaff: true }).partial();

/** A guard on the booking who cannot work at the new time, and why. */
export interface UnavailableGuard {
  profileId: string;
  fullName: string;
  reason: string;
}

/** GET /api/bookings/:id/reschedule: whether the booking may move, and (given a time) who could not work then. */
export interface RescheduleOptionsDto {
  /** Why it cannot be moved now (the policy's words), or null. */
  refusal: string | null;
  movesLeft: number;
  noticeHours: number;
  startTime: string;
  endTime: string;
  check: { startTime: string; endTime: string; unavailable: UnavailableGuard[] } | null;
}

export interface RescheduledBookingDto {
  id: string;
  reference: string;
  startTime: string;
  endTime: string;
  movesLeft: number;
  /** Guards taken off because they could not work then; the OPS office finds others. */
  guardsTakenOff: string[];
}
