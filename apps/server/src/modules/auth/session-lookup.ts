/**
 * The common case of "who is asking" in one query: a signed session cookie whose session is live
 * and not due for renewal. Anything else (no or bad cookie, expired or unknown session, renewal
 * due, 'don't remember me', no profile) returns null and the caller asks Better Auth, which
 * renews, clears or refuses exactly as before. The session stays in the database either way, so
 * signing out or revoking a session takes effect on the next request. Requests that arrive with
 * the same token while its lookup is on its way share that lookup (a page's parallel API calls,
 * or one busy client). Once the server listens to the database's announcements of changes to
 * sessions and accounts (rememberLiveSessions), what was found is remembered until such a change
 * (session-cache.ts), so a signed-in person's next requests need no lookup. A live session of a blocked account
 * is refused here with 403 (requireAuth checks the same on Better Auth's path), so no route can
 * forget to.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { profiles } from '../../db/schema/profiles.ts';
import type { CurrentUser } from '../../lib/context.ts';
import type { DatabaseNotifications } from '../../db/notifications.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { accountBlocked } from '../clients/client-blocking.service.ts';
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth.ts';
import { rememberSessions, type SessionCache } from './session-cache.ts';

/** Better Auth's signed cookie: `<value>.<base64 HMAC-SHA256 of value>`. */
function verifiedCookieValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function sessionLookup(db: Executor) {
  return preparedOnce(db, 'session_lookup', (name) =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        userId: users.id,
        email: users.email,
        profileId: profiles.id,
        role: profiles.role,
        blockedAt: profiles.blockedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(sessions.token, sql.placeholder('token')))
      .prepare(name),
  );
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];
const lookups = new WeakMap<Executor, (token: string) => Promise<SessionRow | null>>();
const caches = new WeakMap<Executor, SessionCache<SessionRow>>();

/** From now on the sessions found on `db` are remembered until the database announces a change. */
export function rememberLiveSessions(db: Executor, notifications: DatabaseNotifications): SessionCache<SessionRow> {
  caches.get(db)?.stop();
  const cache = rememberSessions<SessionRow>(notifications);
  caches.set(db, cache);
  return cache;
}

export function findLiveSession(db: Executor, token: string): Promise<SessionRow | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    const statement = sessionLookup(db);
    lookup = singleFlight(async (key: string) => (await statement.execute({ token: key }))[0] ?? null);
    lookups.set(db, lookup);
  }
  const cache = caches.get(db);
  return cache ? cache.fetch(token, lookup) : lookup(token);
}

/**
 * Whether the request carries a session cookie at all. A visitor's request has none, and nothing
 * Better Auth could do with it would find a session: it is a guest without asking.
 */
export async function carriesSessionCookie(c: Context, auth: Auth): Promise<boolean> {
  const context = await auth.$context;
  return getCookie(c, context.authCookies.sessionToken.name) !== undefined;
}

export async function quickSession(c: Context, auth: Auth, db: Executor, now: Date): Promise<CurrentUser | null> {
  const context = await auth.$context;
  const signed = getCookie(c, context.authCookies.sessionToken.name);
  if (!signed || getCookie(c, context.authCookies.dontRememberToken.name)) return null;
  const token = verifiedCookieValue(signed, context.secret);
  if (!token) return null;
  const row = await findLiveSession(db, token);
  if (!row?.profileId || !row.role || row.expiresAt <= now) return null;
  // Checked before anything may renew the session: a blocked account's cookie stops at once.
  if (row.blockedAt) throw accountBlocked();
  const renewalDue = row.expiresAt.getTime() - SESSION_DAYS * 86_400_000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now.getTime();
  if (renewalDue) return null;
  return { userId: row.userId, email: row.email, sessionExpiresAt: row.expiresAt, profileId: row.profileId, role: row.role };
}
