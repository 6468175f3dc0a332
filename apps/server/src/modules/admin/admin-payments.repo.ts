import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDaysToDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { PAYMENT_PROVIDERS } from '@ops/shared/constants';
import type { AdminPaymentFilters, AdminPaymentListParams } from '@ops/shared/schemas/admin-payments';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { cappedCount, ilikeContains, pageOffset, phoneFragment } from '../../lib/admin-list.ts';

const dayStart = (day: string) => nairobiInstant(day, '00:00');
const dayAfter = (day: string) => nairobiInstant(addDaysToDate(day, 1), '00:00');

/**
 * The search box: a fragment of the payer's name or phone (their trigram indexes), a whole booking
 * reference with or without 'OPS-' (its unique index), or a whole provider reference (the
 * provider's unique index). Each gathers payment ids by its own index, so payments are not scanned.
 */
function paymentSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const phone = phoneFragment(q);
  const people = phone
    ? sql`select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, q)} or ${ilikeContains(profiles.phone, phone)}`
    : sql`select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, q)}`;
  const code = q.toUpperCase().replace(/\s+/g, '');
  const references = code.startsWith('OPS-') ? [code] : [code, `OPS-${code}`];
  return sql`${payments.id} in (
    select ${payments.id} from ${payments} where ${payments.payerProfileId} in (${people})
    union all
    select ${payments.id} from ${payments} join ${bookings} on ${bookings.id} = ${payments.bookingId} where ${inArray(bookings.reference, references)}
    union all
    select ${payments.id} from ${payments} where ${inArray(payments.provider, [...PAYMENT_PROVIDERS])} and ${payments.providerRef} = ${code}
  )`;
}

export function paymentWhere(f: AdminPaymentFilters): SQL | undefined {
  return and(
    f.status === 'pending' ? inArray(payments.status, ['pending', 'processing']) : f.status !== 'all' ? eq(payments.status, f.status) : undefined,
    f.method !== 'all' ? eq(payments.method, f.method) : undefined,
    f.from ? gte(payments.createdAt, dayStart(f.from)) : undefined,
    f.to ? lt(payments.createdAt, dayAfter(f.to)) : undefined,
    paymentSearch(f.q),
  );
}

const paymentColumns = {
  payment: payments,
  /** The exact instant (microseconds), for reading on after a row without skipping its twins. */
  position: sql<string>`${payments.createdAt}::text`,
  bookingReference: bookings.reference,
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
    .where(where);
}

/** Newest first; the id breaks ties. */
const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/**
 * The page's payments are chosen from payments alone (an index in date order does it, however deep
 * the page), then read with their client and booking by key.
 */
export function findPaymentPage(db: Executor, params: AdminPaymentListParams) {
  const where = paymentWhere(params);
  const pageIds = db
    .select({ id: payments.id })
    .from(payments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(params.pageSize)
    .offset(pageOffset(params));
  return {
    rows: selectPayments(db, inArray(payments.id, pageIds)).orderBy(...newestFirst),
    // Capped in the table's order: the unfiltered table and a broad filter are not counted row by row.
    total: cappedCount(db, payments, where, sql`${payments.createdAt} desc`),
  };
}

export type PaymentRecord = Awaited<ReturnType<typeof findPaymentPage>['rows']>[number];

export async function findPaymentRecord(db: Executor, id: string): Promise<PaymentRecord | undefined> {
  const [row] = await selectPayments(db, eq(payments.id, id));
  return row;
}

/** The rows after `after` (a row's position and id) newest first, `limit` at a time (the CSV). */
export function findPaymentBatch(db: Executor, filters: AdminPaymentFilters, after: { position: string; id: string } | null, limit: number) {
  const next = after ? sql`(${payments.createdAt}, ${payments.id}) < (${after.position}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectPayments(db, and(paymentWhere(filters), next))
    .orderBy(...newestFirst)
    .limit(limit);
}

const int = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number);

/**
 * A period's figures in one statement, each from an index alone (payments_paid_at_idx with the
 * commission, payments_refunded_at_idx, payments_in_flight_created_idx; refunds pending from
 * payments_status_idx).
 */
export async function findPaymentSummary(db: Executor, from: string, to: string) {
  const start = dayStart(from).toISOString();
  const end = dayAfter(to).toISOString();
  const paidIn = sql`${payments.paidAt} is not null and ${payments.paidAt} >= ${start}::timestamptz and ${payments.paidAt} < ${end}::timestamptz`;
  const [row] = await db
    .select({
      collected: int(sql`select coalesce(sum(coalesce(${payments.receivedAmount}, ${payments.amount})), 0) from ${payments} where ${paidIn}`),
      collectedCount: int(sql`select count(*) from ${payments} where ${paidIn}`),
      refunded: int(
        sql`select coalesce(sum(${payments.refundedAmount}), 0) from ${payments}
            where ${payments.refundedAt} is not null and ${payments.refundedAt} >= ${start}::timestamptz and ${payments.refundedAt} < ${end}::timestamptz`,
      ),
      refundedCount: int(
        sql`select count(*) from ${payments}
            where ${payments.refundedAt} is not null and ${payments.refundedAt} >= ${start}::timestamptz and ${payments.refundedAt} < ${end}::timestamptz`,
      ),
      pending: int(
        sql`select coalesce(sum(${payments.amount}), 0) from ${payments}
            where ${payments.status} in ('pending', 'processing') and ${payments.createdAt} >= ${start}::timestamptz and ${payments.createdAt} < ${end}::timestamptz`,
      ),
      pendingCount: int(
        sql`select count(*) from ${payments}
            where ${payments.status} in ('pending', 'processing') and ${payments.createdAt} >= ${start}::timestamptz and ${payments.createdAt} < ${end}::timestamptz`,
      ),
      refundsPending: int(sql`select coalesce(sum(${payments.refundedAmount}), 0) from ${payments} where ${payments.status} = 'refund_pending'`),
      refundsPendingCount: int(sql`select count(*) from ${payments} where ${payments.status} = 'refund_pending'`),
      // Copied onto the payment at settlement, so it is read from the same index as the money.
      commission: int(sql`select coalesce(sum(${payments.commissionAmount}), 0) from ${payments} where ${paidIn} and ${payments.status} = 'paid'`),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('the payment summary returned no row');
  return row;
}
