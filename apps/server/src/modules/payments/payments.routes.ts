import { Hono } from 'hono';
import { z } from 'zod';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { getPayment } from './payment-status.service.ts';
import { receivePaymentWebhook } from './payment-webhook.service.ts';

const paymentIdParam = z.object({ id: z.uuid({ error: 'Unknown payment' }) });
/** IntaSend's `tracking_id` from the return URL, passed on by the booking-success page. */
const paymentQuery = z.object({
  trackingId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown tracking id')
    .optional(),
});

export const paymentRoutes = new Hono<AppEnv>()
  // IntaSend calls this; no session, the webhook challenge is the proof (checked by the service).
  .post('/webhooks/intasend', async (c) => {
    const result = await receivePaymentWebhook(c.get('deps'), await c.req.text(), c.req.raw.headers);
    if (result === 'unverified') return c.json({ code: ERROR_CODES.unauthenticated, message: 'Webhook not verified' }, 401);
    return c.json({ received: true });
  })
  // Polled by the payment screen: a pending payment is checked with the provider before answering.
  .get('/:id', requireAuth, validate('param', paymentIdParam), validate('query', paymentQuery), async (c) => {
    const body = await getPayment(c.get('deps'), c.get('currentUser'), c.req.valid('param').id, c.req.valid('query').trackingId);
    c.header('cache-control', 'no-store');
    return c.json(body);
  });
