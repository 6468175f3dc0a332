import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains, phoneFragment } from '../../lib/admin-list.ts';

/**
 * The people a console search box names, found once by the trigram indexes of names (and, when the
 * text can be part of one, phone numbers). A list's page and its count then both take the ids as one
 * array parameter: the trigram lookup is neither run nor planned twice.
 */
export async function matchingPeople(db: Executor, q: string, options: { phone: boolean; email?: boolean }): Promise<string[]> {
  const phone = options.phone ? phoneFragment(q) : null;
  const byName = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(phone ? sql`${ilikeContains(profiles.fullName, q)} or ${ilikeContains(profiles.phone, phone)}` : ilikeContains(profiles.fullName, q));
  const rows = options.email
    ? await executePrepared(
        byName.union(db.select({ id: profiles.id }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(ilikeContains(users.email, q))),
      )
    : await executePrepared(byName);
  return rows.map((r) => r.id);
}

/** Ids as one uuid[] parameter (uuids hold only hex digits and dashes). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
