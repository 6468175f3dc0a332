import { Hono } from 'hono';
import { adminOfficerListQuery, guardProfileIdParam, officerRejectInput, officerStageInput } from '@ops/shared/schemas/admin';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { approveOfficer, listOfficers, rejectOfficer, setOfficerStage } from './admin-officers.service.ts';

/**
 * Officer onboarding in the console: the tabs, each stage's tick, approving and rejecting. Mounted
 * inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminOfficerRoutes = new Hono<AppEnv>()
  .get('/officers', requirePermission('officers.manage'), validate('query', adminOfficerListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listOfficers(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'guard.list',
      recordType: 'guard',
      after: { tab: params.tab, page: params.page, guardProfileIds: page.items.map((g) => g.profileId) },
    });
    noStore(c);
    return c.json(page);
  })
  .patch(
    '/officers/:profileId/stages',
    requirePermission('officers.manage'),
    validate('param', guardProfileIdParam),
    body(officerStageInput),
    async (c) => {
      const { stage, value } = c.req.valid('json');
      return c.json(await setOfficerStage(consoleAction(c), c.req.valid('param').profileId, stage, value));
    },
  )
  .post('/officers/:profileId/approve', requirePermission('guards.approve'), validate('param', guardProfileIdParam), async (c) => {
    return c.json(await approveOfficer(consoleAction(c), c.req.valid('param').profileId));
  })
  .post(
    '/officers/:profileId/reject',
    requirePermission('guards.approve'),
    validate('param', guardProfileIdParam),
    body(officerRejectInput),
    async (c) => {
      return c.json(await rejectOfficer(consoleAction(c), c.req.valid('param').profileId, c.req.valid('json').reason));
    },
  );
