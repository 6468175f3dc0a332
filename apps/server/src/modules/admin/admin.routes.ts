import { Hono } from 'hono';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { adminActivityQuery } from '@ops/shared/schemas/admin';
import { noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { csvHeaders, csvResponseBody } from '../../lib/csv.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { adminRoleRoutes } from '../auth/admin-roles.routes.ts';
import { adminBookingRoutes } from '../bookings/admin-bookings.routes.ts';
import { adminClientRoutes } from '../clients/admin-clients.routes.ts';
import { adminGuardRoutes } from '../guards/admin-guards.routes.ts';
import { adminOfficerRoutes } from '../guards/admin-officers.routes.ts';
import { adminBroadcastRoutes } from '../notifications/admin-broadcasts.routes.ts';
import { adminSettingsRoutes } from '../settings/admin-settings.routes.ts';
import { activityCsv, listActivity } from './admin-activity.service.ts';
import { getOverview } from './admin-overview.service.ts';
import { academyConsoleRoutes } from '../academy/academy-console.routes.ts';
import { certificateConsoleRoutes } from '../certificates/certificate-issuing.routes.ts';
import { paymentConsoleRoutes } from '../payments/payments-console.routes.ts';
import { shiftBoardRoutes } from '../shifts/shift-board.routes.ts';

/**
 * The admin console's API: the console's own overview and activity trail, and the door to each
 * domain's console routes, which live in that domain's module. Everyone must be signed in and hold
 * console.view; each route also names the permission it needs (admin-authorization.test.ts walks
 * this table as every role).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('console.view'))
  .get('/overview', async (c) => {
    const { db, clock } = c.get('deps');
    noStore(c);
    return c.json(await getOverview(db, clock()));
  })
  .get('/activity', requirePermission('activity.read'), validate('query', adminActivityQuery), async (c) => {
    noStore(c);
    return c.json(await listActivity(c.get('deps').db, c.req.valid('query')));
  })
  .get('/activity.csv', requirePermission('activity.read'), validate('query', adminActivityQuery), async (c) => {
    const { sort: _sort, dir: _dir, page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
    const { db, clock, logger } = c.get('deps');
    // The export is itself a read of the trail, and is recorded before any row leaves.
    await recordAudit(db, { actor: auditActor(c), action: 'activity.export', recordType: 'audit_event', after: { filters } });
    return c.body(csvResponseBody(activityCsv(db, filters), logger, 'activity export'), 200, csvHeaders(`activity-${nairobiDate(clock())}.csv`));
  })
  // Each area's routes sit under the sign-in and console.view check above and name their own permission.
  .route('/', adminGuardRoutes)
  .route('/', adminOfficerRoutes)
  .route('/', adminClientRoutes)
  .route('/', adminRoleRoutes)
  .route('/', adminBookingRoutes)
  .route('/', paymentConsoleRoutes)
  .route('/', adminBroadcastRoutes)
  .route('/', adminSettingsRoutes)
  .route('/', academyConsoleRoutes)
  .route('/', certificateConsoleRoutes)
  .route('/', shiftBoardRoutes);
