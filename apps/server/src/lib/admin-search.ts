import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { courses } from '../db/schema/academy-courses.ts';
import { users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/profiles.ts';
import { ilikeContains, phoneFragment } from './admin-list.ts';

/**
 * The people a console search box names, found once by the trigram indexes of names and company
 * names (the company a client books for is printed under their name) and, when the text can be part
 * of one, phone numbers. A list's page and its count then both take the ids as one array parameter:
 * the trigram lookup is neither run nor planned twice.
 */
export async function matchingPeople(db: Executor, q: string, options: { phone: boolean; email?: boolean }): Promise<string[]> {
  const phone = options.phone ? phoneFragment(q) : null;
  const named = sql`${ilikeContains(profiles.fullName, q)} or ${ilikeContains(profiles.companyName, q)}`;
  const byName = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(phone ? sql`${named} or ${ilikeContains(profiles.phone, phone)}` : named);
  const rows = options.email
    ? await executePrepared(
        byName.union(db.select({ id: profiles.id }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(ilikeContains(users.email, q))),
      )
    : await executePrepared(byName);
  return rows.map((r) => r.id);
}

/**
 * What the Payments search box names, found in one statement: the payers (as matchingPeople finds
 * them, by name, company or phone) and the courses whose title holds the text (a course fee's row
 * prints its course). The courses are few; their fees are then read by enrolment, and only when a
 * course matched, so a search for a person never plans a read of the course fees.
 */
export async function matchingPayersAndCourses(db: Executor, q: string): Promise<{ people: string[]; courses: string[] }> {
  const phone = phoneFragment(q);
  const named = sql`${ilikeContains(profiles.fullName, q)} or ${ilikeContains(profiles.companyName, q)}`;
  const payers = db
    .select({ id: sql<string>`${profiles.id}::text`.as('id'), kind: sql<string>`'person'`.as('kind') })
    .from(profiles)
    .where(phone ? sql`${named} or ${ilikeContains(profiles.phone, phone)}` : named);
  const titled = db
    .select({ id: sql<string>`${courses.id}`.as('id'), kind: sql<string>`'course'`.as('kind') })
    .from(courses)
    .where(ilikeContains(courses.title, q));
  const rows = await executePrepared(payers.unionAll(titled));
  return { people: rows.filter((r) => r.kind === 'person').map((r) => r.id), courses: rows.filter((r) => r.kind === 'course').map((r) => r.id) };
}

/** 'k7pq' or 'ops-k7' as the beginning of a reference ('OPS-K7PQ…'); null when it cannot be one or is too short to narrow. */
export function referencePrefix(q: string): string | null {
  const upper = q.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z0-9-]+$/.test(upper)) return null;
  const code = upper.replace(/^OPS-?/, '');
  if (code.length < 2 || code.includes('-')) return null;
  return `OPS-${code}`;
}

/** Up to this many ids are sent as an array of that many parameters, more as one uuid[] parameter. */
export const LISTED_IDS_MAX = 8;

/**
 * Ids for `= any(…)`. A search names a few people, and a statement that says how many
 * (`array[$1::uuid, $2::uuid]`) lets PostgreSQL plan it once per connection and reuse the plan:
 * with one uuid[] parameter of unknown length the reusable plan is costed for ten people, so it
 * loses to a fresh plan every time, and planning the searched page cost more than running it
 * (1.5 of 2 ms). More ids than LISTED_IDS_MAX go as one uuid[] parameter (uuids hold only hex
 * digits and dashes), so a broad search does not add a statement per count.
 */
export function uuidArray(ids: readonly string[]): SQL {
  if (ids.length > LISTED_IDS_MAX) return sql`${`{${ids.join(',')}}`}::uuid[]`;
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
}
