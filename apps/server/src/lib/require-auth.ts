import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Role } from '@ops/shared/constants';
import { can, type Permission } from '@ops/shared/domain/permissions';
import { profiles } from '../db/schema/profiles.ts';
import { accountBlocked } from '../modules/clients/client-blocking.service.ts';
import { carriesSessionCookie, quickSession } from '../modules/auth/session-lookup.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Resolves the session cookie to a user and their profile. The common case takes one query, or
 * none when the session is remembered (quickSession); a request without a session cookie is a
 * guest at once; otherwise Better Auth decides, pushes the expiry of a used session forward, and
 * its refreshed cookie is passed on to the browser. A blocked account is refused (403) on either
 * path, signed in or optional, whatever the route.
 */
function sessionMiddleware(required: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { auth, db } = c.get('deps');
    // Session lifetimes are wall-clock time, as Better Auth counts them.
    const quick = await quickSession(c, auth, db, new Date());
    if (quick) {
      c.set('currentUser', quick);
      return next();
    }
    if (!(await carriesSessionCookie(c, auth))) {
      if (required) throw AppError.unauthenticated();
      return next();
    }
    const { headers: authHeaders, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    if (!response) {
      if (required) throw AppError.unauthenticated();
      return next();
    }
    const [profile] = await db
      .select({ id: profiles.id, role: profiles.role, blockedAt: profiles.blockedAt })
      .from(profiles)
      .where(eq(profiles.userId, response.user.id));
    if (!profile) throw AppError.unauthenticated('Your account has no profile. Please contact support.');
    if (profile.blockedAt) throw accountBlocked();
    c.set('currentUser', {
      userId: response.user.id,
      email: response.user.email,
      sessionExpiresAt: new Date(response.session.expiresAt),
      profileId: profile.id,
      role: profile.role,
    });
    await next();
    for (const cookie of authHeaders.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  });
}

/** The signed-in user, or 401. */
export const requireAuth = sessionMiddleware(true);

/** The signed-in user when there is one; a visitor passes through without currentUser. */
export const optionalAuth = sessionMiddleware(false);

/** Use after requireAuth: only these roles may pass. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.get('currentUser').role)) throw AppError.forbidden();
    await next();
  });
}

/** requireRole with the message the refused person reads. */
export function requireRoleSaying(message: string, ...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.get('currentUser').role)) throw AppError.forbidden(message);
    await next();
  });
}

/**
 * Use after requireAuth: only roles holding this named permission may pass (the same names the
 * web uses to hide what would be refused). Every admin and partner route goes through this.
 */
export function requirePermission(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!can(c.get('currentUser').role, permission)) throw AppError.forbidden();
    await next();
  });
}
