import { Hono } from 'hono';
import { shiftBookingParam, sitePinInput } from '@ops/shared/schemas/shifts';
import { noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { bookingSite, pinSite } from '../bookings/booking-site.service.ts';

/** GET /api/bookings/:bookingId/site (its client, admins); PUT and DELETE …/site-pin (its client). */
export const bookingSiteRoutes = new Hono<AppEnv>()
  .get('/:bookingId/site', requireAuth, requireRole('client', 'admin'), validate('param', shiftBookingParam), async (c) => {
    noStore(c);
    return c.json(await bookingSite(c.get('deps'), c.get('currentUser'), c.req.valid('param').bookingId));
  })
  .put('/:bookingId/site-pin', requireAuth, requireRole('client'), validate('param', shiftBookingParam), validate('json', sitePinInput), async (c) => {
    await pinSite(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, c.req.valid('json'));
    return c.body(null, 204);
  })
  .delete('/:bookingId/site-pin', requireAuth, requireRole('client'), validate('param', shiftBookingParam), async (c) => {
    await pinSite(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, null);
    return c.body(null, 204);
  });
