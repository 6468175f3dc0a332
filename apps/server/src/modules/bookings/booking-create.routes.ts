import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRoleSaying } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { priceFormBooking, priceWizardBooking, reserveBooking, toQuoteDto } from './booking-create.service.ts';

const ACCESS_DENIED = 'Please sign in as a client to book security services.';
/** The rules need the clock and the settings, so the service parses the body itself. */
const jsonObject = validate('json', z.record(z.string(), z.unknown(), { error: 'Send the booking as a JSON object' }));

/**
 * Creating bookings: the wizard (modal and /booking) and the single-page form. Each has a quote
 * endpoint, so the forms show the server's price before the client commits.
 */
const clientOnly = [requireAuth, requireRoleSaying(ACCESS_DENIED, 'client')] as const;

// Middleware per route, not with use(): these routes share the /bookings path with the dashboards'.
export const bookingCreateRoutes = new Hono<AppEnv>()
  .post('/quote', ...clientOnly, jsonObject, async (c) => {
    const { db, clock } = c.get('deps');
    return c.json(toQuoteDto(await priceWizardBooking({ db, now: clock() }, c.req.valid('json'))));
  })
  .post('/', ...clientOnly, jsonObject, async (c) => {
    const { db, clock } = c.get('deps');
    const deps = { db, now: clock() };
    const priced = await priceWizardBooking(deps, c.req.valid('json'));
    return c.json(await reserveBooking(deps, c.get('currentUser').profileId, priced), 201);
  })
  .post('/form/quote', ...clientOnly, jsonObject, async (c) => {
    const { db, clock } = c.get('deps');
    return c.json(toQuoteDto(await priceFormBooking({ db, now: clock() }, c.req.valid('json'))));
  })
  .post('/form', ...clientOnly, jsonObject, async (c) => {
    const { db, clock } = c.get('deps');
    const deps = { db, now: clock() };
    const priced = await priceFormBooking(deps, c.req.valid('json'));
    return c.json(await reserveBooking(deps, c.get('currentUser').profileId, priced), 201);
  });
