import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AcademyCertifiedDto } from '@ops/shared/schemas/certificates';
import type { GuardListParams, GuardSort } from '@ops/shared/schemas/guards';
import type { Executor } from '../../db/client.ts';
import { certificates } from '../../db/schema/certificates.ts';
import { guardListCounts, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { preparedOnce } from '../../db/prepared.ts';

/**
 * Which guards a viewer may see; decided by the service, turned into SQL here. 'listed': Deployment
 * Ready guards (officer-onboarding.ts isDeploymentReady): through onboarding (guards.deployment_ready)
 * with a PSRA licence and police clearance both holding on `credentialedOn` (a Nairobi day).
 */
export type GuardVisibility = { kind: 'all' } | { kind: 'listed'; credentialedOn: string; alsoOwn?: string };

type Bound = string | ReturnType<typeof sql.placeholder>;

/** Deployment Ready on `day` (a value, or a placeholder bound to it): isDeploymentReady in SQL. */
const listedOn = (day: Bound) => and(eq(guards.deploymentReady, true), gte(guards.credentialsValidUntil, day));

/** ownId and day: the values, or placeholders bound to them in a prepared statement. */
function visibleWhere(visibility: GuardVisibility, ownId: Bound | undefined, day: Bound): SQL | undefined {
  if (visibility.kind === 'all') return undefined;
  if (!visibility.alsoOwn || ownId === undefined) return listedOn(day);
  // A guard's own card shows while it is under review, in onboarding or uncredentialed; a rejected one is never listed.
  return or(listedOn(day), and(eq(guards.profileId, ownId), ne(guards.status, 'rejected')));
}

// Each order matches one of the guards_ready_* indexes, so a page of Deployment Ready guards is read in
// index order and stops at the limit instead of sorting them all. guards.id breaks ties.
const ORDER_BY: Record<GuardSort, SQL[]> = {
  rating: [sql`${guards.averageRating} desc nulls last`, asc(guards.id)],
  experience: [desc(guards.experienceYears), asc(guards.id)],
  rate_low: [sql`${guards.rateHourly} asc nulls last`, asc(guards.id)],
  rate_high: [sql`${guards.rateHourly} desc nulls last`, asc(guards.id)],
  newest: [desc(guards.createdAt), asc(guards.id)],
};

/**
 * A certificate of the guard's that holds on `day`: not revoked, and not past its last valid day.
 * Read through certificates_profile_valid_idx (profile_id, expires_on where not revoked).
 */
const validCertificateOf = (day: Bound) =>
  sql`${certificates.profileId} = ${guards.profileId} and ${certificates.revokedAt} is null and (${certificates.expiresOn} is null or ${certificates.expiresOn} >= ${day})`;

/** The guard's newest certificate holding on `day` ('Academy Certified'), or null. */
const academyCertifiedOn = (day: Bound) =>
  sql<AcademyCertifiedDto | null>`(select json_build_object('certificateRef', ${certificates.certificateRef}, 'courseName', ${certificates.courseName})
    from ${certificates} where ${validCertificateOf(day)}
    order by ${certificates.issueDate} desc, ${certificates.createdAt} desc limit 1)`.mapWith((value: unknown) =>
    typeof value === 'string' ? (JSON.parse(value) as AcademyCertifiedDto) : (value as AcademyCertifiedDto),
  );

const certifiedOn = (day: Bound) => sql`exists (select 1 from ${certificates} where ${validCertificateOf(day)})`;

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

function filtersWhere(params: GuardListParams, today: string): SQL | undefined {
  return and(
    params.specialization === undefined ? undefined : eq(guards.specialization, params.specialization),
    params.available === undefined ? undefined : eq(guards.availability, params.available),
    params.highRisk === undefined ? undefined : eq(guards.highRiskCertified, params.highRisk),
    params.certified ? certifiedOn(today) : undefined,
  );
}

/** The list's shape: which filters are set, the order and who may be listed; values are bound. */
function listShape(visibility: GuardVisibility, params: GuardListParams): string {
  const set = (value: unknown) => (value === undefined ? '0' : '1');
  return `${visibility.kind}_${params.sort}_${set(params.specialization)}${set(params.available)}${set(params.highRisk)}${params.certified ? 'c' : ''}`;
}

const filterValues = (params: GuardListParams, visibility: ListVisibility, today: string) => ({
  today: visibility.kind === 'listed' ? visibility.credentialedOn : undefined,
  certifiedOn: today,
  specialization: params.specialization,
  available: params.available,
  highRisk: params.highRisk,
});

/** The list's conditions with placeholders instead of values, for a prepared statement of one list shape. */
function listWhereBound(visibility: ListVisibility, params: GuardListParams) {
  const today = sql.placeholder('today');
  return {
    guards: and(
      visibility.kind === 'all' ? undefined : listedOn(today),
      params.specialization === undefined ? undefined : eq(guards.specialization, sql.placeholder('specialization')),
      params.available === undefined ? undefined : eq(guards.availability, sql.placeholder('available')),
      params.highRisk === undefined ? undefined : eq(guards.highRiskCertified, sql.placeholder('highRisk')),
      params.certified ? certifiedOn(sql.placeholder('certifiedOn')) : undefined,
    ),
    counts: and(
      visibility.kind === 'all' ? undefined : eq(guardListCounts.deploymentReady, true),
      params.specialization === undefined ? undefined : eq(guardListCounts.specialization, sql.placeholder('specialization')),
      params.available === undefined ? undefined : eq(guardListCounts.availability, sql.placeholder('available')),
      params.highRisk === undefined ? undefined : eq(guardListCounts.highRiskCertified, sql.placeholder('highRisk')),
    ),
    /** Deployment Ready guards matching the filters whose credentials do not hold today (few: the console chases them). */
    uncredentialed:
      visibility.kind === 'all'
        ? undefined
        : and(
            eq(guards.deploymentReady, true),
            or(isNull(guards.credentialsValidUntil), lt(guards.credentialsValidUntil, today)),
            params.specialization === undefined ? undefined : eq(guards.specialization, sql.placeholder('specialization')),
            params.available === undefined ? undefined : eq(guards.availability, sql.placeholder('available')),
            params.highRisk === undefined ? undefined : eq(guards.highRiskCertified, sql.placeholder('highRisk')),
          ),
  };
}

/** The list never pins a guard's own card in this query (the service adds it), so alsoOwn is not used here. */
type ListVisibility = { kind: 'all' } | { kind: 'listed'; credentialedOn: string };

export async function findGuardPage(
  db: Executor,
  visibility: ListVisibility,
  params: GuardListParams,
  window: { offset: number; limit: number },
  today: string,
) {
  const statement = preparedOnce(db, `guard_page_${listShape(visibility, params)}`, (name) =>
    db
      .select({ ...publicColumns, academyCertified: academyCertifiedOn(sql.placeholder('certifiedOn')) })
      .from(guards)
      .innerJoin(profiles, eq(profiles.id, guards.profileId))
      .where(listWhereBound(visibility, params).guards)
      .orderBy(...ORDER_BY[params.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return statement.execute({ ...filterValues(params, visibility, today), limit: window.limit, offset: window.offset });
}

/**
 * The guard's own card when clients do not see it (under review, not through onboarding, or
 * credentials not holding on `today`), never a rejected one, if it matches the filters.
 */
export async function findOwnCardUnlisted(db: Executor, guardProfileId: string, params: GuardListParams, today: string) {
  const [row] = await db
    .select({ ...publicColumns, academyCertified: academyCertifiedOn(today) })
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .where(
      and(
        eq(guards.profileId, guardProfileId),
        or(eq(guards.deploymentReady, false), isNull(guards.credentialsValidUntil), lt(guards.credentialsValidUntil, today)),
        ne(guards.status, 'rejected'),
        filtersWhere(params, today),
      ),
    );
  return row ?? null;
}

/**
 * How many guards match, from the per-combination counts the database keeps (guardListCounts), so
 * the cost does not grow with the number of guards. The counts cannot see time pass, so for clients
 * the Deployment Ready guards whose credentials do not hold today are counted from the guards themselves
 * (through guards_credentials_valid_until_idx) and taken off, in the same statement.
 */
export async function countGuards(db: Executor, visibility: ListVisibility, params: GuardListParams, today: string): Promise<number> {
  const statement = preparedOnce(db, `guard_count_${listShape(visibility, { ...params, sort: 'rating' })}`, (name) => {
    const where = listWhereBound(visibility, params);
    // The kept counts know nothing of certificates: certified guards (few) are counted from their certificates.
    if (params.certified) {
      return db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(guards)
        .where(where.guards)
        .prepare(name);
    }
    const counted = sql`coalesce(sum(${guardListCounts.guardCount}), 0)`;
    const total = where.uncredentialed
      ? sql<number>`${counted} - (${db
          .select({ n: sql`count(*)` })
          .from(guards)
          .where(where.uncredentialed)})`
      : sql<number>`${counted}`;
    return db
      .select({ total: total.mapWith(Number) })
      .from(guardListCounts)
      .where(where.counts)
      .prepare(name);
  });
  const [row] = await statement.execute(filterValues(params, visibility, today));
  return row?.total ?? 0;
}

/** visibleWhere for a prepared statement: the viewer's own profile id is bound, not written in. */
function visibleWhereBound(visibility: GuardVisibility) {
  const shape = visibility.kind === 'all' ? 'all' : visibility.alsoOwn ? 'listed_own' : 'listed';
  const where = visibleWhere(visibility, sql.placeholder('ownId'), sql.placeholder('today'));
  const values = visibility.kind === 'listed' ? { ownId: visibility.alsoOwn, today: visibility.credentialedOn } : {};
  return { shape, where, values };
}

export async function findGuardDetails(db: Executor, visibility: GuardVisibility, guardProfileId: string, today: string) {
  const bound = visibleWhereBound(visibility);
  const statement = preparedOnce(db, `guard_details_${bound.shape}`, (name) =>
    db
      .select({
        ...publicColumns,
        academyCertified: academyCertifiedOn(sql.placeholder('certifiedOn')),
        bio: guards.bio,
        skills: guards.skills,
        rateDaily: guards.rateDaily,
      })
      .from(guards)
      .innerJoin(profiles, eq(profiles.id, guards.profileId))
      .where(and(eq(guards.profileId, sql.placeholder('guardProfileId')), bound.where))
      .prepare(name),
  );
  const [row] = await statement.execute({ guardProfileId, certifiedOn: today, ...bound.values });
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
