import { Hono } from 'hono';
import { checkInInput, checkOutInput, shiftBookingParam } from '@ops/shared/schemas/shifts';
import { noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { checkIn, checkOut, guardDay } from './shift-checks.service.ts';

/** The guard's day and their check-in and check-out (guards only; a guard acts only on their own shifts). */
export const shiftCheckRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole('guard'))
  .get('/today', async (c) => {
    noStore(c);
    return c.json(await guardDay(c.get('deps'), c.get('currentUser').profileId));
  })
  .post('/:bookingId/check-in', validate('param', shiftBookingParam), validate('json', checkInInput), async (c) => {
    return c.json(await checkIn(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, c.req.valid('json')), 201);
  })
  .post('/:bookingId/check-out', validate('param', shiftBookingParam), validate('json', checkOutInput), async (c) => {
    return c.json(await checkOut(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, c.req.valid('json')));
  });
