import { and, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { reviews } from '../../db/schema/reviews.ts';

const guardProfile = alias(profiles, 'guard_profile');
const clientProfile = alias(profiles, 'client_profile');

/** The latest bookings of one client or one guard, with both people and whether a review exists: one query. */
export function findRecentBookings(db: Executor, by: { clientProfileId: string } | { guardProfileId: string }, limit: number) {
  const ofClient = 'clientProfileId' in by;
  const statement = preparedOnce(db, ofClient ? 'recent_bookings_client' : 'recent_bookings_guard', (name) =>
    recentBookingsQuery(db, ofClient ? eq(bookings.clientProfileId, sql.placeholder('owner')) : eq(bookings.guardProfileId, sql.placeholder('owner')))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ owner: ofClient ? by.clientProfileId : by.guardProfileId, limit });
}

function recentBookingsQuery(db: Executor, owner: SQL) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      serviceType: bookings.serviceType,
      bookingType: bookings.bookingType,
      shiftType: bookings.shiftType,
      teamSize: bookings.teamSize,
      area: bookings.area,
      address: bookings.address,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      durationHours: bookings.durationHours,
      price: bookings.price,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
      guardProfileId: guardProfile.id,
      guardFullName: guardProfile.fullName,
      guardAvatarUrl: guardProfile.avatarUrl,
      clientProfileId: clientProfile.id,
      clientFullName: clientProfile.fullName,
      clientAvatarUrl: clientProfile.avatarUrl,
      clientIsCompany: clientProfile.isCompany,
      clientCompanyName: clientProfile.companyName,
      clientPhone: clientProfile.phone,
      reviewId: reviews.id,
    })
    .from(bookings)
    .innerJoin(clientProfile, eq(clientProfile.id, bookings.clientProfileId))
    .leftJoin(guardProfile, eq(guardProfile.id, bookings.guardProfileId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(owner)
    .orderBy(desc(bookings.startTime), desc(bookings.id));
}

export async function countClientBookings(db: Executor, clientProfileId: string) {
  const statement = preparedOnce(db, 'client_booking_counts', (name) =>
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${inArray(bookings.status, ['pending', 'confirmed'])})`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${eq(bookings.status, 'completed')})`.mapWith(Number),
      })
      .from(bookings)
      .where(eq(bookings.clientProfileId, sql.placeholder('clientProfileId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ clientProfileId });
  return row ?? { total: 0, active: 0, completed: 0 };
}

/** Whole KES the payment provider confirmed for this client's bookings. */
export async function sumPaidPayments(db: Executor, clientProfileId: string): Promise<number> {
  const statement = preparedOnce(db, 'client_paid_total', (name) =>
    db
      .select({ total: sql<number>`coalesce(${sum(payments.amount)}, 0)`.mapWith(Number) })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.clientProfileId, sql.placeholder('clientProfileId')), eq(payments.status, 'paid')))
      .prepare(name),
  );
  const [row] = await statement.execute({ clientProfileId });
  return row?.total ?? 0;
}

export async function sumPaidBookingPrices(db: Executor, clientProfileId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(${sum(bookings.price)}, 0)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.clientProfileId, clientProfileId), eq(bookings.paymentStatus, 'paid')));
  return row?.total ?? 0;
}
