import { and, asc, count, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@ops/shared/constants';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { afterPosition } from '../../lib/cursor-page.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { reviews } from '../../db/schema/reviews.ts';

const guardProfile = alias(profiles, 'guard_profile');
const clientProfile = alias(profiles, 'client_profile');

export interface BookingPageRead {
  /** The moment the list's order is taken at: what is payable or upcoming depends on it. */
  asOf: Date;
  status: BookingStatus | null;
  /** The last row shown (group, sort key, id), or null for the first page. */
  after: { group: number; sortKey: string; id: string } | null;
  rows: number;
}

const asOf = sql`${sql.placeholder('asOf')}::timestamptz`;
const notEnded = sql`${bookings.status} = 'confirmed' and ${bookings.endTime} > ${asOf}`;
// What Pay still accepts: pending, not paid, and its hold (if any) not run out (payment-start.service.ts).
const payable = sql`${bookings.status} = 'pending' and ${bookings.paymentStatus} in ('unpaid', 'pending', 'failed') and (${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${asOf})`;
/**
 * What needs the person first. A client: 0 waiting for payment and still payable, 1 confirmed and
 * not over yet, 2 the rest. A guard: 0 confirmed and not over yet, 1 the rest.
 */
const LIST_GROUPS = {
  client: { group: sql`case when ${payable} then 0 when ${notEnded} then 1 else 2 end`, rest: 2 },
  guard: { group: sql`case when ${notEnded} then 0 else 1 end`, rest: 1 },
};

/**
 * One page of a client's bookings or a guard's jobs, with both people and whether a review exists,
 * in the order (group, sort key, id): the first groups soonest start first, the rest latest start
 * first (its start negated), so one ascending keyset serves every group.
 */
export function findBookingPage(db: Executor, by: { clientProfileId: string } | { guardProfileId: string }, read: BookingPageRead) {
  const ofClient = 'clientProfileId' in by;
  const statement = preparedOnce(db, ofClient ? 'booking_page_client' : 'booking_page_guard', (name) => {
    const { group, rest } = LIST_GROUPS[ofClient ? 'client' : 'guard'];
    const start = sql`extract(epoch from ${bookings.startTime})`;
    const sortKey = sql`(case when ${group} = ${sql.raw(String(rest))} then -${start} else ${start} end)`;
    // A guard's jobs: every booking they are on, as its own guard or one of its team (booking_guards).
    const owner = ofClient
      ? eq(bookings.clientProfileId, sql.placeholder('owner'))
      : sql`${bookings.id} in (select ${bookingGuards.bookingId} from ${bookingGuards} where ${bookingGuards.guardProfileId} = ${sql.placeholder('owner')})`;
    const status = sql`${sql.placeholder('status')}::text`;
    return bookingListQuery(db, { group: sql<number>`${group}`.mapWith(Number), sortKey: sql<string>`${sortKey}::text` })
      .where(
        and(
          owner,
          sql`(${status} is null or ${bookings.status} = ${status})`,
          afterPosition(
            [group, sortKey, sql`${bookings.id}`],
            [sql`${sql.placeholder('afterGroup')}::int`, sql`${sql.placeholder('afterKey')}::numeric`, sql`${sql.placeholder('afterId')}::uuid`],
          ),
        ),
      )
      .orderBy(asc(group), asc(sortKey), asc(bookings.id))
      .limit(sql.placeholder('rows'))
      .prepare(name);
  });
  return statement.execute({
    owner: ofClient ? by.clientProfileId : by.guardProfileId,
    asOf: read.asOf.toISOString(),
    status: read.status,
    afterGroup: read.after?.group ?? null,
    afterKey: read.after?.sortKey ?? null,
    afterId: read.after?.id ?? null,
    rows: read.rows,
  });
}

function bookingListQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra: Extra) {
  return db
    .select({
      ...extra,
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
      // Money given back for this booking (its latest refund), for the client's own view.
      refundStatus: sql<'refund_pending' | 'refunded' | null>`(select ${payments.status} from ${payments}
        where ${payments.bookingId} = ${bookings.id} and ${payments.status} in ('refund_pending', 'refunded') order by ${payments.createdAt} desc limit 1)`,
      refundAmount: sql<number | null>`(select ${payments.refundedAmount} from ${payments}
        where ${payments.bookingId} = ${bookings.id} and ${payments.status} in ('refund_pending', 'refunded') order by ${payments.createdAt} desc limit 1)`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
    })
    .from(bookings)
    .innerJoin(clientProfile, eq(clientProfile.id, bookings.clientProfileId))
    .leftJoin(guardProfile, eq(guardProfile.id, bookings.guardProfileId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .$dynamic();
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
