/**
 * Demo bookings in every status the constraints allow, with their payments, the reviews of the
 * completed ones and the guards' rating summaries that follow from those reviews.
 */
import { eq } from 'drizzle-orm';
import type { DressCode, WIZARD_AREAS } from '@ops/shared/constants';
import { holdMinutesFor } from '@ops/shared/domain/booking-rules';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import type { SandboxPayment } from '../../providers/payments/sandbox-store.ts';
import type { Transaction } from '../client.ts';
import { bookings } from '../schema/bookings.ts';
import { guards } from '../schema/guards.ts';
import { payments } from '../schema/payments.ts';
import { reviews } from '../schema/reviews.ts';
import { addDays, addHours, addMinutes, nairobiAt } from './demo-dates.ts';
import { DEMO_GUARDS } from './demo-guards.ts';
import { DEMO_ACCOUNTS, type DemoProfiles } from './demo-people.ts';

/** held: pending + unpaid; failed: pending + failed; expired: cancelled + unpaid; refunded: cancelled + refunded. */
export type Scenario = 'held' | 'failed' | 'confirmed' | 'completed' | 'expired' | 'refunded';

export interface DemoBooking {
  reference: string;
  scenario: Scenario;
  client: 'client' | 'company';
  /** 1-based: guard 1 is guard1@example.co.ke. */
  guard: number;
  serviceType: 'personal' | 'team' | 'elite';
  bookingType: 'hourly' | 'daily';
  teamSize: number;
  /** Hours for an hourly booking, days for a daily one. */
  length: number;
  /** Start: this many Nairobi days from today, at this hour, Nairobi time. */
  day: number;
  hour: number;
  dressCode: DressCode;
  area: (typeof WIZARD_AREAS)[number];
  address: string;
  notes?: string;
  method?: 'mpesa' | 'card';
  review?: { rating: number; comment: string };
}

export const DEMO_BOOKINGS: DemoBooking[] = [
  // Coming up: awaiting payment, payment failed, paid and confirmed.
  {
    reference: 'OPS-7K3Q9D',
    scenario: 'held',
    client: 'client',
    guard: 1,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 8,
    day: 3,
    hour: 9,
    dressCode: 'business_suit',
    area: 'Karen',
    address: 'Karen Road, Hardy Estate, House 14',
    notes: 'School run and errands in town.',
  },
  {
    reference: 'OPS-M4T8XV',
    scenario: 'failed',
    client: 'client',
    guard: 5,
    serviceType: 'team',
    bookingType: 'hourly',
    teamSize: 2,
    length: 6,
    day: 6,
    hour: 18,
    dressCode: 'business_suit',
    area: 'Runda',
    address: 'Runda Grove, off Kiambu Road',
    notes: 'Dinner party for 40 guests; gate and parking.',
    method: 'mpesa',
  },
  {
    reference: 'OPS-R2W6HN',
    scenario: 'confirmed',
    client: 'company',
    guard: 3,
    serviceType: 'team',
    bookingType: 'daily',
    teamSize: 3,
    length: 2,
    day: 5,
    hour: 7,
    dressCode: 'business_suit',
    area: 'Kilimani',
    address: 'Kilimani Heights, Argwings Kodhek Road',
    notes: 'Annual general meeting of shareholders.',
    method: 'card',
  },
  {
    reference: 'OPS-C9P3LF',
    scenario: 'confirmed',
    client: 'client',
    guard: 4,
    serviceType: 'elite',
    bookingType: 'hourly',
    teamSize: 1,
    length: 10,
    day: 8,
    hour: 6,
    dressCode: 'business_suit',
    area: 'Muthaiga',
    address: 'Muthaiga Road, Gate 3',
    notes: 'Airport pick-up and meetings in the CBD.',
    method: 'mpesa',
  },
  {
    reference: 'OPS-Y5D2KB',
    scenario: 'confirmed',
    client: 'company',
    guard: 9,
    serviceType: 'team',
    bookingType: 'hourly',
    teamSize: 4,
    length: 6,
    day: 12,
    hour: 17,
    dressCode: 'tactical_uniform',
    area: 'Westlands',
    address: 'The Alchemist, Parklands Road',
    notes: 'Staff end-of-year party.',
    method: 'card',
  },
  // Done: completed and paid, most of them reviewed.
  {
    reference: 'OPS-H8N4TZ',
    scenario: 'completed',
    client: 'client',
    guard: 1,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 8,
    day: -21,
    hour: 8,
    dressCode: 'business_suit',
    area: 'Lavington',
    address: 'James Gichuru Road, Lavington',
    method: 'mpesa',
    review: { rating: 5, comment: 'James was punctual, discreet and planned every stop in advance. I felt completely safe.' },
  },
  {
    reference: 'OPS-F3Q7WM',
    scenario: 'completed',
    client: 'company',
    guard: 2,
    serviceType: 'team',
    bookingType: 'daily',
    teamSize: 2,
    length: 3,
    day: -35,
    hour: 6,
    dressCode: 'tactical_uniform',
    area: 'Kilimani',
    address: 'Kilimani Heights, Argwings Kodhek Road',
    notes: 'Cover while our regular guards were on leave.',
    method: 'card',
    review: { rating: 4, comment: 'Solid cover for three days; visitor logs were kept properly. One handover ran a little late.' },
  },
  {
    reference: 'OPS-B6X2RJ',
    scenario: 'completed',
    client: 'client',
    guard: 3,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 12,
    day: -14,
    hour: 7,
    dressCode: 'business_suit',
    area: 'Kileleshwa',
    address: 'Othaya Road, Kileleshwa',
    method: 'mpesa',
    review: { rating: 5, comment: 'Grace handled the house move and the many visitors with real professionalism.' },
  },
  {
    reference: 'OPS-T4K8PC',
    scenario: 'completed',
    client: 'company',
    guard: 5,
    serviceType: 'team',
    bookingType: 'hourly',
    teamSize: 4,
    length: 6,
    day: -10,
    hour: 18,
    dressCode: 'tactical_uniform',
    area: 'Gigiri',
    address: 'Village Market, Limuru Road',
    notes: 'Product launch evening.',
    method: 'card',
    review: { rating: 4, comment: 'Good crowd control at the entrance and friendly with our guests.' },
  },
  {
    reference: 'OPS-W7M3DS',
    scenario: 'completed',
    client: 'client',
    guard: 7,
    serviceType: 'elite',
    bookingType: 'hourly',
    teamSize: 1,
    length: 10,
    day: -7,
    hour: 6,
    dressCode: 'business_suit',
    area: 'Karen',
    address: 'Bogani Road, Karen',
    method: 'mpesa',
    review: { rating: 5, comment: 'Hassan is exceptional. Calm, experienced and always one step ahead.' },
  },
  {
    reference: 'OPS-N2R9GE',
    scenario: 'completed',
    client: 'company',
    guard: 1,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 12,
    day: -45,
    hour: 6,
    dressCode: 'business_suit',
    area: 'Spring Valley',
    address: 'Spring Valley Road',
    notes: 'Protection for our visiting managing director.',
    method: 'card',
    review: { rating: 4, comment: 'Very professional with our MD. Would book again for the next visit.' },
  },
  {
    reference: 'OPS-J5V6QA',
    scenario: 'completed',
    client: 'company',
    guard: 6,
    serviceType: 'elite',
    bookingType: 'hourly',
    teamSize: 1,
    length: 8,
    day: -60,
    hour: 8,
    dressCode: 'business_suit',
    area: 'Other',
    address: 'Upper Hill, Ragati Road',
    notes: 'Background checks on three shortlisted suppliers.',
    method: 'card',
  },
  {
    reference: 'OPS-Z8L4UH',
    scenario: 'completed',
    client: 'client',
    guard: 8,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 6,
    day: -25,
    hour: 18,
    dressCode: 'tactical_uniform',
    area: 'Riverside',
    address: 'Riverside Drive, Riverside Gardens',
    method: 'mpesa',
    review: { rating: 3, comment: 'Arrived twenty minutes late, but the rest of the evening went well.' },
  },
  // Called off: hold expired before payment; paid, then cancelled and refunded.
  {
    reference: 'OPS-E3G7YP',
    scenario: 'expired',
    client: 'client',
    guard: 2,
    serviceType: 'personal',
    bookingType: 'hourly',
    teamSize: 1,
    length: 6,
    day: 4,
    hour: 18,
    dressCode: 'tactical_uniform',
    area: 'Kitisuru',
    address: 'Kitisuru Road, Kitisuru',
  },
  {
    reference: 'OPS-P9C5KT',
    scenario: 'refunded',
    client: 'company',
    guard: 4,
    serviceType: 'team',
    bookingType: 'hourly',
    teamSize: 2,
    length: 8,
    day: 9,
    hour: 8,
    dressCode: 'business_suit',
    area: 'Rosslyn',
    address: 'Rosslyn Riviera Mall',
    notes: 'Site visit by the board.',
    method: 'mpesa',
  },
];

const STATUSES = {
  held: { status: 'pending', paymentStatus: 'unpaid' },
  failed: { status: 'pending', paymentStatus: 'failed' },
  confirmed: { status: 'confirmed', paymentStatus: 'paid' },
  completed: { status: 'completed', paymentStatus: 'paid' },
  expired: { status: 'cancelled', paymentStatus: 'unpaid' },
  refunded: { status: 'cancelled', paymentStatus: 'refunded' },
} as const;

const COMMISSION_PERCENT = 5;
const REFUND_PERCENT = 95;

export function guardOf(booking: DemoBooking) {
  const guard = DEMO_GUARDS[booking.guard - 1];
  if (!guard) throw new Error(`demo booking ${booking.reference} names unknown guard ${booking.guard}`);
  return guard;
}

/** The wizard's price: guards × hours × hourly rate, or guards × days × daily rate (8 hours when the guard has none). */
export function quote(booking: DemoBooking): number {
  const guard = guardOf(booking);
  const rate = booking.bookingType === 'hourly' ? guard.rateHourly : (guard.rateDaily ?? 8 * guard.rateHourly);
  return booking.teamSize * booking.length * rate;
}

/** When things happened to a booking, so that bookings, payments and reviews agree. */
function timeline(booking: DemoBooking, now: Date) {
  const start = nairobiAt(now, booking.day, booking.hour);
  const hours = booking.bookingType === 'hourly' ? booking.length : booking.length * 24;
  const end = addHours(start, hours);
  const created = {
    held: addMinutes(now, -5),
    failed: addMinutes(now, -12),
    confirmed: addDays(now, -2),
    completed: addDays(start, -4),
    expired: addDays(now, -2),
    refunded: addDays(now, -3),
  }[booking.scenario];
  const paid = ['confirmed', 'completed', 'refunded'].includes(booking.scenario) ? addMinutes(created, 6) : null;
  // 30 minutes, or 10 for a booking longer than a day (decision 031), as the booking service holds it.
  const holdMinutes = holdMinutesFor(hours);
  return {
    start,
    end,
    hours,
    created,
    paid,
    hold: booking.scenario === 'held' || booking.scenario === 'failed' || booking.scenario === 'expired' ? addMinutes(created, holdMinutes) : null,
    completed: booking.scenario === 'completed' ? addHours(end, 1) : null,
    cancelled: booking.scenario === 'expired' ? addMinutes(created, holdMinutes) : booking.scenario === 'refunded' ? addDays(now, -1) : null,
  };
}

function bookingRow(booking: DemoBooking, people: DemoProfiles, now: Date): typeof bookings.$inferInsert {
  const t = timeline(booking, now);
  const price = quote(booking);
  const { status, paymentStatus } = STATUSES[booking.scenario];
  return {
    reference: booking.reference,
    clientProfileId: people[booking.client],
    guardProfileId: people.guards[booking.guard - 1],
    serviceType: booking.serviceType,
    bookingType: booking.bookingType,
    teamSize: booking.teamSize,
    dressCode: booking.dressCode,
    area: booking.area,
    address: booking.address,
    notes: booking.notes ?? null,
    startTime: t.start,
    endTime: t.end,
    durationHours: t.hours,
    price,
    commissionAmount: paymentStatus === 'paid' ? Math.floor((price * COMMISSION_PERCENT) / 100) : null,
    status,
    paymentStatus,
    holdExpiresAt: t.hold,
    cancelledReason:
      booking.scenario === 'expired'
        ? 'The 30-minute payment hold expired before payment was received.'
        : booking.scenario === 'refunded'
          ? 'Plans changed: the board visit was postponed.'
          : null,
    cancelledBy: booking.scenario === 'expired' ? 'system' : booking.scenario === 'refunded' ? 'client' : null,
    confirmedAt: t.paid,
    completedAt: t.completed,
    cancelledAt: t.cancelled,
    createdAt: t.created,
    updatedAt: t.cancelled ?? t.completed ?? t.paid ?? t.created,
  };
}

function paymentRow(booking: DemoBooking, bookingId: string, people: DemoProfiles, now: Date): typeof payments.$inferInsert | null {
  if (!booking.method || booking.scenario === 'held' || booking.scenario === 'expired') return null;
  const t = timeline(booking, now);
  const amount = quote(booking);
  const base = {
    bookingId,
    payerProfileId: people[booking.client],
    provider: 'sandbox',
    method: booking.method,
    amount,
    currency: 'KES',
    apiRef: `${booking.reference}-1`,
    providerRef: `SBX-${booking.reference.slice(4)}`,
    phone: booking.method === 'mpesa' ? DEMO_ACCOUNTS[booking.client].phone : null,
    createdAt: addMinutes(t.created, 2),
  } as const;
  if (booking.scenario === 'failed') {
    return { ...base, status: 'failed', failureReason: 'The M-Pesa request was cancelled by the user', updatedAt: addMinutes(t.created, 3) };
  }
  if (booking.scenario === 'refunded') {
    return {
      ...base,
      status: 'refunded',
      paidAt: t.paid,
      refundedAmount: Math.floor((amount * REFUND_PERCENT) / 100),
      // The sandbox's own refund of it (sandboxRecord).
      refundRef: `${base.providerRef}-R1`,
      refundedAt: t.cancelled,
      updatedAt: t.cancelled ?? now,
    };
  }
  // The settlement copies the booking's commission onto its payment: the console's summary reads it there.
  return { ...base, status: 'paid', paidAt: t.paid, commissionAmount: Math.floor((amount * COMMISSION_PERCENT) / 100), updatedAt: t.paid ?? now };
}

/**
 * What the built-in sandbox remembers of a demo payment, as its checkout page would have left it:
 * approved (and, for the refunded one, with its refund), or declined. Without it the sandbox would
 * not know the payment, and refunding a demo booking from the console would be refused.
 */
function sandboxRecord(booking: DemoBooking, payment: typeof payments.$inferInsert, paymentId: string): SandboxPayment {
  const account = DEMO_ACCOUNTS[booking.client];
  const providerRef = payment.providerRef ?? '';
  const declined = payment.status === 'failed';
  const decidedAt = payment.paidAt ?? payment.updatedAt ?? payment.createdAt ?? null;
  return {
    providerRef,
    apiRef: payment.apiRef,
    amountKes: payment.amount,
    method: booking.method ?? 'mpesa',
    phone: payment.phone ?? null,
    email: account.email,
    narrative: `Guard Booking #${booking.reference}`,
    // Only its path and query are used (the page sends the tester back to the site it was opened on).
    redirectUrl: `http://localhost/booking-success?payment=${paymentId}`,
    outcome: declined ? 'declined' : 'approved',
    failureReason: declined ? (payment.failureReason ?? null) : null,
    payerDetail: declined ? null : booking.method === 'card' ? 'Visa ending 4242' : (payment.phone ?? null),
    createdAt: payment.createdAt ?? new Date(),
    decidedAt,
    refunds: payment.refundedAmount
      ? [
          {
            refundRef: `${providerRef}-R1`,
            amountKes: payment.refundedAmount,
            reason: 'Cancelled by the client',
            createdAt: payment.refundedAt ?? new Date(),
          },
        ]
      : [],
  };
}

/** Average of the ratings, to two decimals, as guards.average_rating keeps it. */
export function averageRating(ratings: number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;
}

export async function insertBookings(tx: Transaction, people: DemoProfiles, now: Date): Promise<void> {
  const ratingsByGuard = new Map<string, number[]>();
  const sandbox = createDbSandboxStore(tx);
  for (const booking of DEMO_BOOKINGS) {
    const [row] = await tx
      .insert(bookings)
      .values(bookingRow(booking, people, now))
      .returning({ id: bookings.id });
    if (!row) throw new Error(`demo booking ${booking.reference} not created`);
    const payment = paymentRow(booking, row.id, people, now);
    if (payment) {
      const [inserted] = await tx.insert(payments).values(payment).returning({ id: payments.id });
      if (!inserted) throw new Error(`demo payment of ${booking.reference} not created`);
      await sandbox.create(sandboxRecord(booking, payment, inserted.id));
    }

    const guardProfileId = people.guards[booking.guard - 1];
    if (booking.review && booking.scenario === 'completed' && guardProfileId) {
      const completedAt = timeline(booking, now).completed ?? now;
      await tx.insert(reviews).values({
        bookingId: row.id,
        guardProfileId,
        clientProfileId: people[booking.client],
        rating: booking.review.rating,
        comment: booking.review.comment,
        createdAt: addDays(completedAt, 1),
      });
      ratingsByGuard.set(guardProfileId, [...(ratingsByGuard.get(guardProfileId) ?? []), booking.review.rating]);
    }
  }
  for (const [profileId, ratings] of ratingsByGuard) {
    await tx
      .update(guards)
      .set({ averageRating: averageRating(ratings), reviewCount: ratings.length })
      .where(eq(guards.profileId, profileId));
  }
}
