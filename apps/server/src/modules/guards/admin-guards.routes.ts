import { Hono } from 'hono';
import { adminGuardListQuery, guardApprovalInput, guardProfileIdParam } from '@ops/shared/schemas/admin';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { getAdminGuard, listAdminGuards, setApprovalFromConsole } from './admin-guards.service.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminGuardRoutes = new Hono<AppEnv>()
  .get('/guards', requirePermission('guards.read_any'), validate('query', adminGuardListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listAdminGuards(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'guard.list',
      recordType: 'guard',
      after: { page: params.page, guardProfileIds: page.items.map((g) => g.profileId) },
    });
    noStore(c);
    return c.json(page);
  })
  .get('/guards/:profileId', requirePermission('guards.read_any'), validate('param', guardProfileIdParam), async (c) => {
    const { profileId } = c.req.valid('param');
    const { db, clock } = c.get('deps');
    const guard = await getAdminGuard(db, profileId, clock());
    await recordStaffRead(c, { action: 'guard.read', recordType: 'guard', recordId: profileId, subjectProfileId: profileId });
    noStore(c);
    return c.json(guard);
  })
  .put('/guards/:profileId/approval', requirePermission('guards.approve'), validate('param', guardProfileIdParam), body(guardApprovalInput), async (c) => {
    const row = await setApprovalFromConsole(consoleAction(c), c.req.valid('param').profileId, c.req.valid('json').approved);
    return c.json(row);
  });
