/** What payments read about a booking and its payer; the booking's statuses change only in the bookings' lifecycle. */
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';

/** Name and e-mail of the person paying, as the provider's checkout asks for them. */
export async function findPayerContact(db: Executor, profileId: string) {
  const [row] = await db
    .select({ fullName: profiles.fullName, email: users.email, phone: profiles.phone })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId));
  return row ?? null;
}

const guardProfile = alias(profiles, 'guard_profile');

/** Everything the confirmation messages say about a booking, in one query. */
export async function findBookingSummary(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      cancelledBy: bookings.cancelledBy,
      serviceType: bookings.serviceType,
      bookingType: bookings.bookingType,
      shiftType: bookings.shiftType,
      teamSize: bookings.teamSize,
      area: bookings.area,
      address: bookings.address,
      notes: bookings.notes,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      durationHours: bookings.durationHours,
      price: bookings.price,
      calendarSequence: bookings.calendarSequence,
      clientProfileId: bookings.clientProfileId,
      clientName: profiles.fullName,
      clientCompanyName: profiles.companyName,
      clientPhone: profiles.phone,
      clientEmail: users.email,
      guardProfileId: bookings.guardProfileId,
      guardName: guardProfile.fullName,
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(guardProfile, eq(guardProfile.id, bookings.guardProfileId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}
/** The name and e-mail of every guard on the booking. */
export function findBookingGuardContacts(db: Executor, bookingId: string) {
  return db
    .select({ name: profiles.fullName, email: users.email })
    .from(bookingGuards)
    .innerJoin(profiles, eq(profiles.id, bookingGuards.guardProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(bookingGuards.bookingId, bookingId));
}

/** The name and e-mail of each of these guards (by profile), on the booking or not. */
export function findGuardContacts(db: Executor, guardProfileIds: string[]) {
  if (guardProfileIds.length === 0) return Promise.resolve([]);
  return db
    .select({ profileId: profiles.id, name: profiles.fullName, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, guardProfileIds));
}

export type BookingSummary = NonNullable<Awaited<ReturnType<typeof findBookingSummary>>>;
