import { Hono } from 'hono';
import { z } from 'zod';
import { startPaymentInput } from '@ops/shared/schemas/payments';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRoleSaying } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { startPayment } from './payment-start.service.ts';

const bookingIdParam = z.object({ id: z.uuid({ error: 'Unknown booking' }) });

/** Paying a booking (and retrying after a failure): only the client who booked it. */
export const bookingPaymentRoutes = new Hono<AppEnv>().post(
  '/:id/payments',
  requireAuth,
  requireRoleSaying('Please sign in as a client to pay for a booking.', 'client'),
  validate('param', bookingIdParam),
  validate('json', startPaymentInput),
  async (c) => {
    const { payment, created } = await startPayment(c.get('deps'), c.get('currentUser'), c.req.valid('param').id, c.req.valid('json'));
    // 200 with the attempt already under way: pressing Pay again never starts a second prompt.
    return c.json(payment, created ? 201 : 200);
  },
);
