import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminClientListParams, AdminClientSort, AdminClientStatusFilter } from '@ops/shared/schemas/admin-clients';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { adminOrderBy, pageOffset, type SortColumn } from '../../lib/admin-list.ts';
import { matchingPeople, uuidArray } from '../../lib/admin-search.ts';

const isClient = eq(profiles.role, 'client');

/**
 * The search box: a fragment of the name, the phone (07… or 254…) or the e-mail. Each match is
 * answered by its trigram index and gathered once as profile ids, so clients are then read by id.
 */
async function clientSearch(db: Executor, q: string | undefined): Promise<SQL | undefined> {
  if (!q) return undefined;
  return sql`${profiles.id} = any(${uuidArray(await matchingPeople(db, q, { phone: true, email: true }))})`;
}

/** Blocked reads profiles_blocked_idx (the few blocked accounts); the others profiles_clients_idx. */
function statusWhere(status: AdminClientStatusFilter): SQL | undefined {
  if (status === 'active') return isNull(profiles.blockedAt);
  if (status === 'blocked') return isNotNull(profiles.blockedAt);
  return undefined;
}

const CLIENT_SORT_COLUMNS: Record<AdminClientSort, SortColumn> = {
  name: { expression: profiles.fullName },
  created: { expression: profiles.createdAt },
};

const clientOrder = (params: Pick<AdminClientListParams, 'sort' | 'dir'>) => adminOrderBy(CLIENT_SORT_COLUMNS, params.sort, params.dir, profiles.id);

/**
 * Course fees the client paid (online or in cash at the office: both are payment records), read
 * by payments_payer_profile_id_idx for the page's rows alone. A fee refunded since is not counted,
 * as a refunded booking is not.
 */
const courseFeesPaid = sql`(select coalesce(sum(${payments.amount}), 0) from ${payments}
  where ${payments.payerProfileId} = ${profiles.id} and ${payments.enrollmentId} is not null and ${payments.status} = 'paid')`;

/**
 * Each client's bookings count and total paid (paid bookings and paid course fees), for the rows of
 * a page alone (a lateral read of bookings_client_start_idx per row).
 */
function clientStats(db: Executor) {
  return db
    .select({
      bookingsCount: sql<number>`count(*)`.mapWith(Number).as('bookings_count'),
      totalPaid: sql<number>`coalesce(sum(${bookings.price}) filter (where ${bookings.paymentStatus} = 'paid'), 0) + ${courseFeesPaid}`
        .mapWith(Number)
        .as('total_paid'),
    })
    .from(bookings)
    .where(eq(bookings.clientProfileId, profiles.id))
    .as('client_stats');
}

function clientRowColumns(stats: ReturnType<typeof clientStats>) {
  return {
    profileId: profiles.id,
    fullName: profiles.fullName,
    email: users.email,
    phone: profiles.phone,
    isCompany: profiles.isCompany,
    companyName: profiles.companyName,
    bookingsCount: stats.bookingsCount,
    totalPaid: stats.totalPaid,
    blockedAt: profiles.blockedAt,
    blockedReason: profiles.blockedReason,
    createdAt: profiles.createdAt,
  };
}

/** Client rows for the profile ids `chosen` selects, with each one's bookings count and total paid. */
function selectClientRows(db: Executor, chosen: SQL) {
  const stats = clientStats(db);
  return db
    .select(clientRowColumns(stats))
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(sql`${profiles.id} in (${chosen})`);
}

export type ClientRowRecord = Awaited<ReturnType<typeof selectClientRows>>[number];

export async function findClientPage(db: Executor, params: AdminClientListParams) {
  const where = and(isClient, statusWhere(params.status), await clientSearch(db, params.q));
  if (params.q) return findSearchedClientPage(db, params, where);
  // The page's ids are chosen first (ordered, limited); only those rows are joined and counted.
  const pageIds = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(where)
    .orderBy(...clientOrder(params))
    .limit(params.pageSize)
    .offset(pageOffset(params));
  // Active clients without a search: all clients less the blocked ones, two index reads
  // (profiles_clients_idx, profiles_blocked_idx) instead of every client's row.
  const total =
    params.status === 'active'
      ? Promise.all([countClients(db, isClient), countClients(db, and(isClient, isNotNull(profiles.blockedAt)))]).then(([all, blocked]) => all - blocked)
      : countClients(db, where);
  return { rows: selectClientRows(db, sql`${pageIds}`).orderBy(...clientOrder(params)), total };
}

/**
 * A search names a few people: the page's ids carry the number of matches (a window count over the
 * matching ids only, before the page is cut), so the page and its total come from one statement. A
 * page past the last match has no row to carry it, and is counted apart.
 */
function findSearchedClientPage(db: Executor, params: AdminClientListParams, where: SQL | undefined) {
  const page = db
    .select({ id: profiles.id, matches: sql<number>`count(*) over ()`.as('matches') })
    .from(profiles)
    .where(where)
    .orderBy(...clientOrder(params))
    .limit(params.pageSize)
    .offset(pageOffset(params))
    .as('page');
  const stats = clientStats(db);
  const rows = executePrepared(
    db
      .select({ ...clientRowColumns(stats), matches: page.matches })
      .from(page)
      .innerJoin(profiles, eq(profiles.id, page.id))
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoinLateral(stats, sql`true`)
      .orderBy(...clientOrder(params)),
  );
  return { rows, total: rows.then(([first]) => (first ? Number(first.matches) : countClients(db, where))) };
}

async function countClients(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(where);
  return row?.n ?? 0;
}

export async function findClientRow(db: Executor, profileId: string): Promise<ClientRowRecord | undefined> {
  const [row] = await selectClientRows(db, sql`select ${profileId}::uuid`);
  return row;
}
