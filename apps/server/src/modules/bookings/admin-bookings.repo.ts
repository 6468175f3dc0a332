/**
 * The console's bookings table. Every filter and search is answered by an index (decision 019):
 * date, status and payment status by the (column, start_time) indexes; a reference by its prefix
 * index; names by the profiles' trigram index, the bookings then read by client or guard; an area
 * from the known areas by bookings_area_start_idx. Matches are gathered as booking ids first, so
 * the table is never scanned for a search.
 */
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FORM_AREAS, WIZARD_AREAS } from '@ops/shared/constants';
import { addDaysToDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import type { AdminBookingListParams, AdminBookingSort } from '@ops/shared/schemas/admin-bookings';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { adminOrderBy, cappedCount, keptTableEstimate, pageOffset, type SortColumn } from '../../lib/admin-list.ts';
import { matchingPeople, referencePrefix, uuidArray } from '../../lib/admin-search.ts';

const client = alias(profiles, 'client');

const AREAS = [...new Set<string>([...WIZARD_AREAS, ...FORM_AREAS])];

/**
 * The ids of the bookings the search box finds: the beginning of a reference, a fragment of the
 * client's or any guard's name (the people are found once, by the trigram index, then their
 * bookings by client or from booking_guards), or an area's name. Each kind is answered by its own
 * index.
 */
function searchedIds(q: string, people: readonly string[]): SQL {
  const parts: SQL[] = [
    sql`select ${bookings.id} from ${bookings} where ${bookings.clientProfileId} = any(${uuidArray(people)})`,
    sql`select ${bookingGuards.bookingId} from ${bookingGuards} where ${bookingGuards.guardProfileId} = any(${uuidArray(people)})`,
  ];
  const reference = referencePrefix(q);
  if (reference) parts.push(sql`select ${bookings.id} from ${bookings} where ${bookings.reference} like ${`${reference}%`}`);
  const needle = q.toLowerCase();
  const areas = AREAS.filter((a) => a.toLowerCase().includes(needle));
  if (areas.length) parts.push(sql`select ${bookings.id} from ${bookings} where ${inArray(bookings.area, areas)}`);
  return sql.join(parts, sql` union `);
}

/** A search's people (found once) and the condition on bookings it makes. */
export interface BookingSearch {
  ids: SQL;
  where: SQL;
}

export async function bookingSearch(db: Executor, q: string | undefined): Promise<BookingSearch | undefined> {
  if (!q) return undefined;
  const ids = searchedIds(q, await matchingPeople(db, q, { phone: false }));
  return { ids, where: sql`${bookings.id} in (${ids})` };
}

/** from and to are Nairobi days of the booking's start, both included. */
function startWithin(from: string | undefined, to: string | undefined): SQL | undefined {
  return and(
    from ? gte(bookings.startTime, nairobiInstant(from, '00:00')) : undefined,
    to ? lt(bookings.startTime, nairobiInstant(addDaysToDate(to, 1), '00:00')) : undefined,
  );
}

/** The list's filters, resolved once (a search looks its people up here) for the page and its count. */
export interface BookingListFilter {
  where: SQL | undefined;
  search: BookingSearch | undefined;
}

export async function bookingListFilter(db: Executor, params: AdminBookingListParams): Promise<BookingListFilter> {
  const search = await bookingSearch(db, params.q);
  return { search, where: bookingListWhere(params, search) };
}

function bookingListWhere(params: AdminBookingListParams, search: BookingSearch | undefined): SQL | undefined {
  return and(
    params.status === 'all' ? undefined : eq(bookings.status, params.status),
    params.payment === 'all' ? undefined : eq(bookings.paymentStatus, params.payment),
    startWithin(params.from, params.to),
    search?.where,
  );
}

const SORT_COLUMNS: Record<AdminBookingSort, SortColumn> = {
  start: { expression: bookings.startTime },
  created: { expression: bookings.createdAt },
};

/** A guard on a booking, as the table names them. */
export interface BookingGuardName {
  profileId: string;
  fullName: string;
  staffedByConsole: boolean;
}

/**
 * The booking's guards with their names, in the order they were put on, read with the row itself
 * (booking_guards_booking_id_idx per row of the page; no second statement).
 */
const guardsOfRow = sql<BookingGuardName[]>`(
  select coalesce(json_agg(json_build_object('profileId', bg.guard_profile_id, 'fullName', gp.full_name,
    'staffedByConsole', bg.assigned_by_profile_id is not null) order by bg.created_at, bg.id), '[]'::json)
  from ${bookingGuards} bg inner join ${profiles} gp on gp.id = bg.guard_profile_id
  where bg.booking_id = ${bookings.id})`;

export const bookingRowColumns = {
  id: bookings.id,
  reference: bookings.reference,
  serviceType: bookings.serviceType,
  bookingType: bookings.bookingType,
  clientProfileId: bookings.clientProfileId,
  clientName: client.fullName,
  clientCompanyName: client.companyName,
  clientIsCompany: client.isCompany,
  guardProfileId: bookings.guardProfileId,
  teamSize: bookings.teamSize,
  area: bookings.area,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  price: bookings.price,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  cancelledBy: bookings.cancelledBy,
  cancelledReason: bookings.cancelledReason,
  createdAt: bookings.createdAt,
  guards: guardsOfRow,
};

export function selectBookingRows(db: Executor, where: SQL | undefined) {
  return db.select(bookingRowColumns).from(bookings).innerJoin(client, eq(client.id, bookings.clientProfileId)).where(where).$dynamic();
}

export type BookingRowRecord = Awaited<ReturnType<ReturnType<typeof selectBookingRows>['execute']>>[number];

/**
 * One page: the bookings are ordered and cut to the page first, and only the page's rows are joined
 * to their clients.
 */
function findBookingPage(db: Executor, params: AdminBookingListParams, filter: BookingListFilter) {
  const order = adminOrderBy(SORT_COLUMNS, params.sort, params.dir, bookings.id);
  const page = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(filter.where)
    .orderBy(...order)
    .limit(params.pageSize)
    .offset(pageOffset(params));
  return executePrepared(selectBookingRows(db, inArray(bookings.id, page)).orderBy(...order));
}

/**
 * A search's matches are few (a few people's bookings, a reference, an area): the page's ids carry
 * the number of matches (a window count over the matching ids only, before the page is cut), so the
 * page and its total come from one statement. A page past the last match has no row to carry it,
 * and is counted apart.
 */
function findSearchedBookingPage(db: Executor, params: AdminBookingListParams, filter: BookingListFilter) {
  const order = adminOrderBy(SORT_COLUMNS, params.sort, params.dir, bookings.id);
  const page = db
    .select({ id: bookings.id, matches: sql<number>`count(*) over ()`.as('matches') })
    .from(bookings)
    .where(filter.where)
    .orderBy(...order)
    .limit(params.pageSize)
    .offset(pageOffset(params))
    .as('page');
  const rows = executePrepared(
    db
      .select({ ...bookingRowColumns, matches: page.matches })
      .from(page)
      .innerJoin(bookings, eq(bookings.id, page.id))
      .innerJoin(client, eq(client.id, bookings.clientProfileId))
      .orderBy(...order),
  );
  return { rows, total: rows.then(([first]) => (first ? Number(first.matches) : countBookings(db, params, filter))) };
}

/** A page of the table and the number of bookings the filters match. */
export function findBookingPageAndTotal(db: Executor, params: AdminBookingListParams, filter: BookingListFilter) {
  if (filter.search) return findSearchedBookingPage(db, params, filter);
  return { rows: findBookingPage(db, params, filter), total: countBookings(db, params, filter) };
}

/** Past this many rows the unfiltered table's total is the planner's estimate, not a count of every row. */
export const ESTIMATE_FROM_ROWS = 50_000;

/**
 * The number of bookings from the table's statistics, scaled to its current size as the planner
 * does (kept for a few seconds by keptTableEstimate); -1 while the table has never been analysed.
 */
function estimateBookings(db: Executor): Promise<number> {
  return keptTableEstimate(db, 'bookings', async () => {
    const result = await db.execute(sql`
    select case when c.reltuples < 0 or c.relpages = 0 then -1
                else (c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint end as n
    from pg_class c where c.oid = 'bookings'::regclass`);
    const row = (result as { rows: { n: string | number | null }[] }).rows[0];
    return Number(row?.n ?? -1);
  });
}

/**
 * How many bookings match. Unfiltered on a large table: the estimate (counting 200,000 rows on
 * every page view costs more than the figure is worth). Otherwise an exact count, read from the
 * index that answers the filter, capped in start order (the order the filter's indexes keep) as
 * `cappedCount` does.
 */
async function countBookings(db: Executor, params: AdminBookingListParams, { where, search }: BookingListFilter): Promise<number> {
  if (!where) {
    const estimate = await estimateBookings(db);
    if (estimate >= ESTIMATE_FROM_ROWS) return estimate;
  }
  if (search && params.status === 'all' && params.payment === 'all' && !params.from && !params.to) {
    // A search alone: its ids are distinct already, so no booking row needs reading.
    const [row] = await executePrepared(db.select({ n: count() }).from(sql`(${search.ids}) as found`));
    return row?.n ?? 0;
  }
  if (search || !where) {
    const [row] = await executePrepared(db.select({ n: count() }).from(bookings).where(where));
    return row?.n ?? 0;
  }
  return cappedCount(db, bookings, where, sql`${bookings.startTime}`);
}
