import { Hono } from 'hono';
import { bookingIdParam } from '@ops/shared/schemas/admin-bookings';
import { bookingListQuery } from '@ops/shared/schemas/bookings';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { cancelUnpaidBooking } from './booking-cancel.service.ts';
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
  // The client drops a booking still waiting for payment; its hold is released at once.
  .post('/:id/cancel', requireRole('client'), validate('param', bookingIdParam), async (c) => {
    const { db, logger, clock } = c.get('deps');
    return c.json(await cancelUnpaidBooking(db, logger, c.get('currentUser').profileId, c.req.valid('param').id, clock()));
  });
