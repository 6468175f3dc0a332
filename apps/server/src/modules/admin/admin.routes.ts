import { Hono } from 'hono';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import {
  adminActivityQuery,
  adminGuardListQuery,
  adminOfficerListQuery,
  guardApprovalInput,
  guardProfileIdParam,
  officerRejectInput,
  officerStageInput,
} from '@ops/shared/schemas/admin';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor, recordStaffRead } from '../audit/audit.routes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { activityCsv, listActivity } from './admin-activity.service.ts';
import { getAdminGuard, listAdminGuards, setApprovalFromConsole } from './admin-guards.service.ts';
import { approveOfficer, listOfficers, rejectOfficer, setOfficerStage } from './admin-officers.service.ts';
import { getOverview } from './admin-overview.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import { adminBookingRoutes } from './admin-bookings.routes.ts';
import { adminBroadcastRoutes } from './admin-broadcasts.routes.ts';
import { adminClientRoutes } from './admin-clients.routes.ts';
import { adminPaymentRoutes } from './admin-payments.routes.ts';
import { adminRoleRoutes } from './admin-roles.routes.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { academyConsoleRoutes } from '../academy/academy-console.routes.ts';
import { certificateConsoleRoutes } from '../certificates/certificate-issuing.routes.ts';

/**
 * The admin console's API. Everyone must be signed in and hold console.view; each route also names
 * the permission it needs (admin-authorization.test.ts walks this table as every role).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('console.view'))
  .get('/overview', async (c) => {
    const { db, clock } = c.get('deps');
    noStore(c);
    return c.json(await getOverview(db, clock()));
  })
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
  })
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
  )
  .get('/activity', requirePermission('activity.read'), validate('query', adminActivityQuery), async (c) => {
    noStore(c);
    return c.json(await listActivity(c.get('deps').db, c.req.valid('query')));
  })
  .get('/activity.csv', requirePermission('activity.read'), validate('query', adminActivityQuery), async (c) => {
    const { sort: _sort, dir: _dir, page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
    const { db, clock, logger } = c.get('deps');
    // The export is itself a read of the trail, and is recorded before any row leaves.
    await recordAudit(db, { actor: auditActor(c), action: 'activity.export', recordType: 'audit_event', after: { filters } });
    const lines = activityCsv(db, filters);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          logger.error({ err }, 'activity export failed');
          controller.error(err);
        }
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    return c.body(stream, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="activity-${nairobiDate(clock())}.csv"`,
      'cache-control': 'no-store',
    });
  })
  // Each area's routes sit under the sign-in and console.view check above and name their own permission.
  .route('/', adminClientRoutes)
  .route('/', adminRoleRoutes)
  .route('/', adminBookingRoutes)
  .route('/', adminPaymentRoutes)
  .route('/', adminBroadcastRoutes)
  .route('/', adminSettingsRoutes)
  .route('/', academyConsoleRoutes)
  .route('/', certificateConsoleRoutes);
