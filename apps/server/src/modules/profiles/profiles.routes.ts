import { Hono } from 'hono';
import type { MeDto } from '@ops/shared/schemas/profiles';
import { updateProfileInput } from '@ops/shared/schemas/profiles';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { getProfile, updateOwnProfile } from './profiles.service.ts';

export const meRoutes = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const me = c.get('currentUser');
  const profile = await getProfile(c.get('deps').db, me.profileId);
  const body: MeDto = {
    user: { id: me.userId, email: me.email, emailVerified: true },
    session: { expiresAt: me.sessionExpiresAt.toISOString() },
    profile,
  };
  c.header('cache-control', 'no-store');
  return c.json(body);
});

export const profileRoutes = new Hono<AppEnv>().patch(
  '/me',
  requireAuth,
  validate('json', updateProfileInput),
  async (c) => {
    const { db, clock } = c.get('deps');
    const profile = await updateOwnProfile(db, c.get('currentUser').profileId, c.req.valid('json'), clock());
    return c.json(profile);
  },
);
