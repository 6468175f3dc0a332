import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { GuardListParams, GuardSort } from '@ops/shared/schemas/guards';
import type { Executor } from '../../db/client.ts';
import { guardListCounts, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { preparedOnce } from '../../db/prepared.ts';

/** Which guards a viewer may see; decided by the service, turned into SQL here. */
export type GuardVisibility = { kind: 'all' } | { kind: 'approved'; alsoOwn?: string };

/** ownId: the viewer's own profile id, or a placeholder bound to it in a prepared statement. */
function visibleWhere(
  visibility: GuardVisibility,
  ownId: string | ReturnType<typeof sql.placeholder> | undefined = visibility.kind === 'approved' ? visibility.alsoOwn : undefined,
): SQL | undefined {
  if (visibility.kind === 'all') return undefined;
  const approved = eq(guards.approved, true);
  if (!visibility.alsoOwn || ownId === undefined) return approved;
  // A guard's own card shows while it is under review; a rejected one is never listed.
  return or(approved, and(eq(guards.profileId, ownId), ne(guards.status, 'rejected')));
}

// Each order matches one of the guards_listing_* indexes, so a page of approved guards is read in
// index order and stops at the limit instead of sorting them all. guards.id breaks ties.
const ORDER_BY: Record<GuardSort, SQL[]> = {
  rating: [sql`${guards.averageRating} desc nulls last`, asc(guards.id)],
  experience: [desc(guards.experienceYears), asc(guards.id)],
  rate_low: [sql`${guards.rateHourly} asc nulls last`, asc(guards.id)],
  rate_high: [sql`${guards.rateHourly} desc nulls last`, asc(guards.id)],
  newest: [desc(guards.createdAt), asc(guards.id)],
};

const publicColumns = {
  id: guards.profileId,
  displayName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  specialization: guards.specialization,
  experienceYears: guards.experienceYears,
  approved: guards.approved,
  highRiskCertified: guards.highRiskCertified,
  availability: guards.availability,
  rateHourly: guards.rateHourly,
  averageRating: guards.averageRating,
  reviewCount: guards.reviewCount,
};

function listWhere(visibility: GuardVisibility, params: GuardListParams): SQL | undefined {
  return and(
    visibleWhere(visibility),
    params.specialization === undefined ? undefined : eq(guards.specialization, params.specialization),
    params.available === undefined ? undefined : eq(guards.availability, params.available),
    params.highRisk === undefined ? undefined : eq(guards.highRiskCertified, params.highRisk),
  );
}

/** The list's shape: which filters are set, the order and who may be listed; values are bound. */
function listShape(visibility: GuardVisibility, params: GuardListParams): string {
  const set = (value: unknown) => (value === undefined ? '0' : '1');
  return `${visibility.kind}_${params.sort}_${set(params.specialization)}${set(params.available)}${set(params.highRisk)}`;
}

const filterValues = (params: GuardListParams) => ({
  specialization: params.specialization,
  available: params.available,
  highRisk: params.highRisk,
});

/** listWhere with placeholders instead of values, for a prepared statement of one list shape. */
function listWhereBound(visibility: GuardVisibility, params: GuardListParams) {
  return {
    guards: and(
      visibility.kind === 'all' ? undefined : eq(guards.approved, true),
      params.specialization === undefined ? undefined : eq(guards.specialization, sql.placeholder('specialization')),
      params.available === undefined ? undefined : eq(guards.availability, sql.placeholder('available')),
      params.highRisk === undefined ? undefined : eq(guards.highRiskCertified, sql.placeholder('highRisk')),
    ),
    counts: and(
      visibility.kind === 'all' ? undefined : eq(guardListCounts.approved, true),
      params.specialization === undefined ? undefined : eq(guardListCounts.specialization, sql.placeholder('specialization')),
      params.available === undefined ? undefined : eq(guardListCounts.availability, sql.placeholder('available')),
      params.highRisk === undefined ? undefined : eq(guardListCounts.highRiskCertified, sql.placeholder('highRisk')),
    ),
  };
}

/** The list never pins a guard's own card in this query (the service adds it), so alsoOwn is not used here. */
type ListVisibility = { kind: 'all' } | { kind: 'approved' };

export async function findGuardPage(
  db: Executor,
  visibility: ListVisibility,
  params: GuardListParams,
  window: { offset: number; limit: number },
) {
  const statement = preparedOnce(db, `guard_page_${listShape(visibility, params)}`, (name) =>
    db
      .select(publicColumns)
      .from(guards)
      .innerJoin(profiles, eq(profiles.id, guards.profileId))
      .where(listWhereBound(visibility, params).guards)
      .orderBy(...ORDER_BY[params.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return statement.execute({ ...filterValues(params), limit: window.limit, offset: window.offset });
}

/** The guard's own card while it is under review (not approved, not rejected), if it matches the filters. */
export async function findOwnCardUnderReview(db: Executor, guardProfileId: string, params: GuardListParams) {
  const [row] = await db
    .select(publicColumns)
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .where(
      and(
        eq(guards.profileId, guardProfileId),
        eq(guards.approved, false),
        ne(guards.status, 'rejected'),
        listWhere({ kind: 'all' }, params),
      ),
    );
  return row ?? null;
}

/**
 * How many guards match, from the per-combination counts the database keeps (guardListCounts), so
 * the cost does not grow with the number of guards.
 */
export async function countGuards(db: Executor, visibility: ListVisibility, params: GuardListParams): Promise<number> {
  const statement = preparedOnce(db, `guard_count_${listShape(visibility, { ...params, sort: 'rating' })}`, (name) =>
    db
      .select({ total: sql<number>`coalesce(sum(${guardListCounts.guardCount}), 0)`.mapWith(Number) })
      .from(guardListCounts)
      .where(listWhereBound(visibility, params).counts)
      .prepare(name),
  );
  const [row] = await statement.execute(filterValues(params));
  return row?.total ?? 0;
}

/** visibleWhere for a prepared statement: the viewer's own profile id is bound, not written in. */
function visibleWhereBound(visibility: GuardVisibility) {
  const shape = visibility.kind === 'all' ? 'all' : visibility.alsoOwn ? 'approved_own' : 'approved';
  const where = visibleWhere(visibility, sql.placeholder('ownId'));
  return { shape, where, values: { ownId: visibility.kind === 'approved' ? visibility.alsoOwn : undefined } };
}

export async function findGuardDetails(db: Executor, visibility: GuardVisibility, guardProfileId: string) {
  const bound = visibleWhereBound(visibility);
  const statement = preparedOnce(db, `guard_details_${bound.shape}`, (name) =>
    db
      .select({ ...publicColumns, bio: guards.bio, skills: guards.skills, rateDaily: guards.rateDaily })
      .from(guards)
      .innerJoin(profiles, eq(profiles.id, guards.profileId))
      .where(and(eq(guards.profileId, sql.placeholder('guardProfileId')), bound.where))
      .prepare(name),
  );
  const [row] = await statement.execute({ guardProfileId, ...bound.values });
  return row ?? null;
}

export async function isGuardVisible(db: Executor, visibility: GuardVisibility, guardProfileId: string): Promise<boolean> {
  const bound = visibleWhereBound(visibility);
  const statement = preparedOnce(db, `guard_visible_${bound.shape}`, (name) =>
    db
      .select({ id: guards.id })
      .from(guards)
      .where(and(eq(guards.profileId, sql.placeholder('guardProfileId')), bound.where))
      .prepare(name),
  );
  const [row] = await statement.execute({ guardProfileId, ...bound.values });
  return row !== undefined;
}
