import { Hono } from 'hono';
import {
  adminBookingListQuery,
  adminCancelBookingInput,
  bookingGuardParam,
  bookingIdParam,
  bookingStatusInput,
  candidateQuery,
  staffGuardsInput,
} from '@ops/shared/schemas/admin-bookings';
import { can } from '@ops/shared/domain/permissions';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { cancelBookingAsAdmin, previewAdminCancellation } from './booking-cancel-admin.service.ts';
import { listCandidates } from './booking-staffing.service.ts';
import {
  getAdminBooking,
  listAdminBookings,
  moveBookingFromConsole,
  staffBookingFromConsole,
  unstaffBookingFromConsole,
} from './admin-bookings.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminBookingRoutes = new Hono<AppEnv>()
  .get('/bookings', requirePermission('bookings.manage'), validate('query', adminBookingListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listAdminBookings(c.get('deps').db, params);
    await recordStaffRead(c, { action: 'booking.list', recordType: 'booking', after: { page: params.page, bookingIds: page.items.map((b) => b.id) } });
    noStore(c);
    return c.json(page);
  })
  .post('/bookings/:id/status', requirePermission('bookings.manage'), validate('param', bookingIdParam), body(bookingStatusInput), async (c) => {
    return c.json(await moveBookingFromConsole({ ...consoleAction(c), jobs: c.get('deps').jobs }, c.req.valid('param').id, c.req.valid('json').status));
  })
  // What cancelling now gives back under the policy, for the dialog that cancels and refunds in one step.
  .get('/bookings/:id/cancellation', requirePermission('bookings.manage'), validate('param', bookingIdParam), async (c) => {
    noStore(c);
    return c.json(await previewAdminCancellation(c.get('deps'), c.req.valid('param').id));
  })
  .post('/bookings/:id/cancel', requirePermission('bookings.manage'), validate('param', bookingIdParam), body(adminCancelBookingInput), async (c) => {
    // Giving money back is the payments' permission as well as the bookings'.
    if (c.req.valid('json').refund > 0 && !can(c.get('currentUser').role, 'payments.refund')) throw AppError.forbidden();
    const deps = { ...c.get('deps'), actor: auditActor(c) };
    await cancelBookingAsAdmin(deps, c.req.valid('param').id, c.req.valid('json'));
    return c.json(await getAdminBooking(deps.db, c.req.valid('param').id));
  })
  .get(
    '/bookings/:id/candidates',
    requirePermission('bookings.manage'),
    validate('param', bookingIdParam),
    validate('query', candidateQuery),
    async (c) => {
      const { db, clock } = c.get('deps');
      noStore(c);
      return c.json(await listCandidates(db, c.req.valid('param').id, c.req.valid('query').q, clock()));
    },
  )
  .post('/bookings/:id/guards', requirePermission('bookings.manage'), validate('param', bookingIdParam), body(staffGuardsInput), async (c) => {
    return c.json(await staffBookingFromConsole(consoleAction(c), c.req.valid('param').id, c.req.valid('json').guardProfileIds));
  })
  .delete('/bookings/:id/guards/:guardProfileId', requirePermission('bookings.manage'), validate('param', bookingGuardParam), async (c) => {
    const { id, guardProfileId } = c.req.valid('param');
    return c.json(await unstaffBookingFromConsole(consoleAction(c), id, guardProfileId));
  });
