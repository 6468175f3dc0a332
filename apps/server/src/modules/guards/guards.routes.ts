import { Hono } from 'hono';
import { z } from 'zod';
import { guardListQuery, updateGuardProfileInput } from '@ops/shared/schemas/guards';
import type { AppEnv, CurrentUser } from '../../lib/context.ts';
import { optionalAuth, requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { listGuardReviews } from '../reviews/reviews.service.ts';
import { getOwnGuardProfile, updateOwnGuardProfile } from './guard-profile.service.ts';
import { getGuardDetails, listGuards } from './guards.service.ts';

/** After optionalAuth: the signed-in user, or null for a guest. */
const viewerOf = (user: CurrentUser | undefined) => user ?? null;

const guardIdParam = z.object({ id: z.uuid({ error: 'Unknown guard' }) });

/**
 * The guard list needs a sign-in (spec §1); one guard's profile and reviews are open to guests too,
 * so a visitor can look before signing up ('Please log in to book this guard'). Who sees which
 * guard is the service's rule.
 */
export const guardRoutes = new Hono<AppEnv>()
  .get('/', requireAuth, validate('query', guardListQuery), async (c) => {
    const params = c.req.valid('query');
    const body = await listGuards(c.get('deps').db, c.get('currentUser'), params);
    // Admins also list guards under review and rejected ones, whose names are not public.
    await recordStaffRead(c, {
      action: 'guard.list',
      recordType: 'guard',
      after: { page: params.page, guardProfileIds: body.items.map((g) => g.id) },
    });
    return c.json(body);
  })
  // Before '/:id', so 'me' is never read as a guard id.
  .get('/me/profile', requireAuth, requireRole('guard'), async (c) => {
    const body = await getOwnGuardProfile(c.get('deps').db, c.get('currentUser').profileId);
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  .put('/me/profile', requireAuth, requireRole('guard'), validate('json', updateGuardProfileInput), async (c) => {
    const { db, clock } = c.get('deps');
    const body = await updateOwnGuardProfile(db, c.get('currentUser').profileId, c.req.valid('json'), clock());
    return c.json(body);
  })
  .get('/:id', optionalAuth, validate('param', guardIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const body = await getGuardDetails(c.get('deps').db, viewerOf(c.get('currentUser')), id);
    await recordStaffRead(c, { action: 'guard.read', recordType: 'guard', recordId: id, subjectProfileId: id });
    return c.json(body);
  })
  .get('/:id/reviews', optionalAuth, validate('param', guardIdParam), async (c) => {
    const body = await listGuardReviews(c.get('deps').db, viewerOf(c.get('currentUser')), c.req.valid('param').id);
    return c.json(body);
  });
