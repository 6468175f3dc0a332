import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDaysToDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { PAYMENT_RECORD_PROVIDERS } from '@ops/shared/constants';
import type { AdminPaymentFilters, AdminPaymentListParams } from '@ops/shared/schemas/admin-payments';
import type { Executor } from '../../db/client.ts';
import { executeNamed, executePrepared } from '../../db/prepared.ts';
import { courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { cappedCount, pageOffset } from '../../lib/admin-list.ts';
import { matchingPayersAndCourses, referencePrefix, uuidArray } from '../../lib/admin-search.ts';

const dayStart = (day: string) => nairobiInstant(day, '00:00');
const dayAfter = (day: string) => nairobiInstant(addDaysToDate(day, 1), '00:00');

/**
 * The search box, matching what a row shows: a fragment of the payer's name, company or phone (the
 * people are found first, by their trigram indexes), the beginning of a booking reference with or
 * without 'OPS-' (bookings_reference_prefix_idx), a fragment of a course fee's course title (the
 * few courses are found with the people; then the course fees, few beside the bookings' payments,
 * by payments_enrollment_id_idx, each checked against its enrolment by key), or a whole provider
 * reference or office receipt number as typed, in capitals or in small letters (the provider's
 * unique index). Each gathers payment ids by its own index, so payments are not scanned.
 */
function paymentSearch(q: string, { people, courses: courseIds }: { people: readonly string[]; courses: readonly string[] }): SQL {
  const code = q.replace(/\s+/g, '');
  const refs = [...new Set([q, code, code.toUpperCase(), code.toLowerCase()])];
  const reference = referencePrefix(q);
  return sql`${payments.id} in (
    select ${payments.id} from ${payments} where ${payments.payerProfileId} = any(${uuidArray(people)})
    union all
    ${
      reference
        ? sql`select ${payments.id} from ${payments} join ${bookings} on ${bookings.id} = ${payments.bookingId} where ${bookings.reference} like ${`${reference}%`}
    union all`
        : sql``
    }
    ${
      courseIds.length
        ? sql`select ${payments.id} from ${payments}
      where ${payments.enrollmentId} is not null
        and exists (select 1 from ${enrollments} where ${enrollments.id} = ${payments.enrollmentId} and ${inArray(enrollments.courseId, [...courseIds])})
    union all`
        : sql``
    }
    select ${payments.id} from ${payments} where ${inArray(payments.provider, [...PAYMENT_RECORD_PROVIDERS])} and ${inArray(payments.providerRef, refs)}
  )`;
}

/** The filters as one condition; a search looks its people up once, here. */
export async function paymentWhere(db: Executor, f: AdminPaymentFilters): Promise<SQL | undefined> {
  return and(
    f.status === 'pending' ? inArray(payments.status, ['pending', 'processing']) : f.status !== 'all' ? eq(payments.status, f.status) : undefined,
    f.method !== 'all' ? eq(payments.method, f.method) : undefined,
    f.from ? gte(payments.createdAt, dayStart(f.from)) : undefined,
    f.to ? lt(payments.createdAt, dayAfter(f.to)) : undefined,
    f.q ? paymentSearch(f.q, await matchingPayersAndCourses(db, f.q)) : undefined,
  );
}

const paymentColumns = {
  /** What the table, the refund action and the CSV show: not the provider's stored payload or checkout fields. */
  payment: {
    id: payments.id,
    bookingId: payments.bookingId,
    payerProfileId: payments.payerProfileId,
    provider: payments.provider,
    method: payments.method,
    amount: payments.amount,
    status: payments.status,
    providerRef: payments.providerRef,
    failureReason: payments.failureReason,
    paidAt: payments.paidAt,
    receivedAmount: payments.receivedAmount,
    refundedAmount: payments.refundedAmount,
    refundedAt: payments.refundedAt,
    refundRequestedAt: payments.refundRequestedAt,
    createdAt: payments.createdAt,
  },
  /** The exact instant (microseconds), for reading on after a row without skipping its twins. */
  position: sql<string>`${payments.createdAt}::text`,
  bookingReference: bookings.reference,
  /** For a course fee: the course it paid for. */
  courseTitle: courses.title,
  bookingStatus: bookings.status,
  bookingPaymentStatus: bookings.paymentStatus,
  clientFullName: profiles.fullName,
  clientPhone: profiles.phone,
};

function selectPayments(db: Executor, where: SQL | undefined) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.payerProfileId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(where);
}

/** Newest first; the id breaks ties. */
const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/**
 * The page's payments are chosen from payments alone (an index in date order does it, however deep
 * the page), then read with their client and booking by key.
 */
export async function findPaymentPage(db: Executor, params: AdminPaymentListParams) {
  const where = await paymentWhere(db, params);
  if (params.q) return findSearchedPaymentPage(db, params, where);
  const pageIds = db
    .select({ id: payments.id })
    .from(payments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(params.pageSize)
    .offset(pageOffset(params));
  return {
    rows: executePrepared(selectPayments(db, inArray(payments.id, pageIds)).orderBy(...newestFirst)),
    // Capped in the table's order: the unfiltered table and a broad filter are not counted row by row.
    total: cappedCount(db, payments, where, sql`${payments.createdAt} desc`),
  };
}

/**
 * A search names a few people or references, so its matches are few: the page's ids carry the
 * number of matches (a window count over the matching ids only, before the page is cut) and the
 * page and its total come from one statement. A page past the last match has no row to carry it,
 * and is counted apart.
 */
function findSearchedPaymentPage(db: Executor, params: AdminPaymentListParams, where: SQL | undefined) {
  const page = db
    .select({ id: payments.id, matches: sql<number>`count(*) over ()`.as('matches') })
    .from(payments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(params.pageSize)
    .offset(pageOffset(params))
    .as('page');
  const found = executePrepared(
    db
      .select({ ...paymentColumns, matches: page.matches })
      .from(page)
      .innerJoin(payments, eq(payments.id, page.id))
      .innerJoin(profiles, eq(profiles.id, payments.payerProfileId))
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .orderBy(...newestFirst),
  );
  return {
    rows: found,
    total: found.then(([first]) => (first ? Number(first.matches) : cappedCount(db, payments, where, sql`${payments.createdAt} desc`, { narrow: true }))),
  };
}

export type PaymentRecord = Awaited<ReturnType<typeof selectPayments>>[number];

/**
 * One payment, whole, with what its row shows, the payment locked until the transaction ends: an
 * admin's refund reads it once, here, checks and claims it under this lock, and answers with the row.
 */
export async function lockPaymentRecord(tx: Executor, id: string) {
  const [row] = await tx
    .select({ ...paymentColumns, payment: payments })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.payerProfileId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(payments.id, id))
    .for('update', { of: payments });
  return row;
}

/** The rows after `after` (a row's position and id) newest first, `limit` at a time (the CSV). */
export function findPaymentBatch(db: Executor, where: SQL | undefined, after: { position: string; id: string } | null, limit: number) {
  const next = after ? sql`(${payments.createdAt}, ${payments.id}) < (${after.position}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectPayments(db, and(where, next))
    .orderBy(...newestFirst)
    .limit(limit);
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * A period's figures in one statement of four reads, each from one index alone and each giving its
 * sums and counts together (payments_paid_at_idx with the commission, payments_refunded_at_idx,
 * payments_in_flight_created_idx, and refunds pending from payments_status_idx).
 */
export async function findPaymentSummary(db: Executor, from: string, to: string) {
  const start = dayStart(from).toISOString();
  const end = dayAfter(to).toISOString();
  const [raw] = await executeNamed<Record<string, unknown>>(
    db,
    sql`
    select paid.collected, paid.collected_count, paid.commission,
           refunded.refunded, refunded.refunded_count,
           pending.pending, pending.pending_count,
           owed.refunds_pending, owed.refunds_pending_count
    from (select coalesce(sum(coalesce(${payments.receivedAmount}, ${payments.amount})), 0)::bigint as collected,
                 count(*)::bigint as collected_count,
                 -- Copied onto the payment at settlement, so it is read from the same index as the money.
                 coalesce(sum(${payments.commissionAmount}) filter (where ${payments.status} = 'paid'), 0)::bigint as commission
          from ${payments}
          where ${payments.paidAt} is not null and ${payments.paidAt} >= ${start}::timestamptz and ${payments.paidAt} < ${end}::timestamptz) as paid,
         (select coalesce(sum(${payments.refundedAmount}), 0)::bigint as refunded, count(*)::bigint as refunded_count
          from ${payments}
          where ${payments.refundedAt} is not null and ${payments.refundedAt} >= ${start}::timestamptz and ${payments.refundedAt} < ${end}::timestamptz) as refunded,
         (select coalesce(sum(${payments.amount}), 0)::bigint as pending, count(*)::bigint as pending_count
          from ${payments}
          where ${payments.status} in ('pending', 'processing') and ${payments.createdAt} >= ${start}::timestamptz and ${payments.createdAt} < ${end}::timestamptz) as pending,
         (select coalesce(sum(${payments.refundedAmount}), 0)::bigint as refunds_pending, count(*)::bigint as refunds_pending_count
          from ${payments} where ${payments.status} = 'refund_pending') as owed`,
  );
  const row = raw && {
    collected: n(raw.collected),
    collectedCount: n(raw.collected_count),
    refunded: n(raw.refunded),
    refundedCount: n(raw.refunded_count),
    pending: n(raw.pending),
    pendingCount: n(raw.pending_count),
    refundsPending: n(raw.refunds_pending),
    refundsPendingCount: n(raw.refunds_pending_count),
    commission: n(raw.commission),
  };
  if (!row) throw new Error('the payment summary returned no row');
  return row;
}
