import { Hono } from 'hono';
import { bookingIdParam } from '@ops/shared/schemas/admin-bookings';
import { bookingListQuery, cancelBookingInput, rescheduleBookingInput, rescheduleCheckQuery } from '@ops/shared/schemas/bookings';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { cancelClientBooking, previewCancellation } from './booking-cancel.service.ts';
import { rescheduleClientBooking, rescheduleOptions } from './booking-reschedule.service.ts';
import { getClientStats, listBookings } from './bookings.service.ts';

/** The dashboards' bookings; the admin console gets its own, wider views later. */
export const bookingRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', requireRole('client', 'guard'), validate('query', bookingListQuery), async (c) => {
    const { db, clock } = c.get('deps');
    const body = await listBookings(db, c.get('currentUser'), c.req.valid('query'), clock());
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  .get('/stats', requireRole('client'), async (c) => {
    const { db, logger } = c.get('deps');
    const body = await getClientStats(db, logger, c.get('currentUser').profileId);
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  // What cancelling now gives back under the policy: the figures the client confirms.
  .get('/:id/cancellation', requireRole('client'), validate('param', bookingIdParam), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await previewCancellation(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').id));
  })
  // The client cancels: an unpaid booking's hold is released at once; a paid one under the policy, with a reason.
  .post('/:id/cancel', requireRole('client'), validate('param', bookingIdParam), validate('json', cancelBookingInput), async (c) => {
    const input = { ...c.req.valid('json'), actor: auditActor(c) };
    return c.json(await cancelClientBooking(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').id, input));
  })
  // Whether the booking may move now and, given a new time, which of its guards could not work then.
  .get('/:id/reschedule', requireRole('client'), validate('param', bookingIdParam), validate('query', rescheduleCheckQuery), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await rescheduleOptions(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').id, c.req.valid('query')));
  })
  // The client moves a paid booking to a new start under the policy; the length, guards and price stay.
  .post('/:id/reschedule', requireRole('client'), validate('param', bookingIdParam), validate('json', rescheduleBookingInput), async (c) => {
    const input = { ...c.req.valid('json'), actor: auditActor(c) };
    return c.json(await rescheduleClientBooking(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').id, input));
  });
