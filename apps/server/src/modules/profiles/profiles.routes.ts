import { Hono } from 'hono';
import type { MeResponse } from '@ops/shared/schemas/profiles';
import { updateProfileInput } from '@ops/shared/schemas/profiles';
import type { AppEnv, CurrentUser } from '../../lib/context.ts';
import { optionalAuth, requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { getProfile, updateOwnProfile } from './profiles.service.ts';

/**
 * Who is signed in. A visitor is a normal answer (200, all null), not an error: every page asks on
 * load, and a 401 there would be logged by the browser as a failed request.
 */
export const meRoutes = new Hono<AppEnv>().get('/', optionalAuth, async (c) => {
  c.header('cache-control', 'no-store');
  const me: CurrentUser | undefined = c.get('currentUser');
  if (!me) return c.json<MeResponse>({ user: null, session: null, profile: null });
  const profile = await getProfile(c.get('deps').db, me.profileId);
  return c.json<MeResponse>({
    user: { id: me.userId, email: me.email, emailVerified: true },
    session: { expiresAt: me.sessionExpiresAt.toISOString() },
    profile,
  });
});

export const profileRoutes = new Hono<AppEnv>().patch('/me', requireAuth, validate('json', updateProfileInput), async (c) => {
  const { db, clock } = c.get('deps');
  const profile = await updateOwnProfile(db, c.get('currentUser').profileId, c.req.valid('json'), clock());
  return c.json(profile);
});
