import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains } from '../../lib/admin-list.ts';

const personColumns = {
  profileId: profiles.id,
  fullName: profiles.fullName,
  email: users.email,
  role: profiles.role,
  isCompany: profiles.isCompany,
  blockedAt: profiles.blockedAt,
  createdAt: profiles.createdAt,
};

function selectPeople(db: Executor, where: SQL) {
  return db.select(personColumns).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(where);
}

export type PersonRecord = Awaited<ReturnType<typeof selectPeople>>[number];

/** Everyone holding the admin or partner role (profiles_role_idx): admins first, then by name. */
export function findRoleHolders(db: Executor) {
  return selectPeople(db, inArray(profiles.role, ['admin', 'partner'])).orderBy(
    sql`${profiles.role} = 'admin' desc`,
    asc(profiles.fullName),
    asc(profiles.id),
  );
}

/** People whose name or e-mail contains the text (each answered by its trigram index), by name. */
export function findPeople(db: Executor, q: string, limit: number) {
  const byName = sql`select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, q)}`;
  const byEmail = sql`select ${profiles.id} from ${users} join ${profiles} on ${profiles.userId} = ${users.id} where ${ilikeContains(users.email, q)}`;
  return selectPeople(db, sql`${profiles.id} in (${byName} union all ${byEmail})`)
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .limit(limit);
}

export async function findPerson(db: Executor, profileId: string): Promise<PersonRecord | undefined> {
  const [row] = await selectPeople(db, eq(profiles.id, profileId));
  return row;
}

/**
 * Every admin's profile, locked in one order until the transaction ends: two admins changing
 * roles at the same moment take turns, so the second one counts the admins the first one left.
 */
export async function lockAdmins(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin')).orderBy(asc(profiles.id)).for('update');
  return rows.map((r) => r.id);
}

export async function lockPerson(db: Executor, profileId: string) {
  const [row] = await db
    .select({ id: profiles.id, role: profiles.role, isCompany: profiles.isCompany, blockedAt: profiles.blockedAt })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  return row;
}

export async function setRole(db: Executor, profileId: string, role: Role, now: Date): Promise<void> {
  await db.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.id, profileId));
}
