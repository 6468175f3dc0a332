import { Hono } from 'hono';
import { z } from 'zod';
import { boardQuery, replaceGuardInput, shiftBookingParam } from '@ops/shared/schemas/shifts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { listReplacements, replaceGuard } from '../bookings/booking-replacement.service.ts';
import { todayBoard } from './shift-board.service.ts';
import { textReplacement } from './shift-notices.service.ts';

const candidateQuery = z.object({ q: z.string().trim().max(80).optional() });

/** The console's Today board and replacing a guard from it (mounted under /api/admin behind console.view). */
export const shiftBoardRoutes = new Hono<AppEnv>()
  .get('/shifts/today', requirePermission('bookings.manage'), validate('query', boardQuery), async (c) => {
    const { db, clock } = c.get('deps');
    noStore(c);
    return c.json(await todayBoard(db, clock(), c.req.valid('query')));
  })
  .get(
    '/bookings/:bookingId/replacements',
    requirePermission('bookings.manage'),
    validate('param', shiftBookingParam),
    validate('query', candidateQuery),
    async (c) => {
      const { db, clock } = c.get('deps');
      noStore(c);
      return c.json(await listReplacements(db, c.req.valid('param').bookingId, c.req.valid('query').q, clock()));
    },
  )
  .post(
    '/bookings/:bookingId/replace-guard',
    requirePermission('bookings.manage'),
    validate('param', shiftBookingParam),
    body(replaceGuardInput),
    async (c) => {
      const { fromGuardProfileId, toGuardProfileId } = c.req.valid('json');
      const action = consoleAction(c);
      await replaceGuard(action, c.req.valid('param').bookingId, fromGuardProfileId, toGuardProfileId, (tx, replacement) =>
        textReplacement(c.get('deps'), tx, replacement, action.now),
      );
      return c.body(null, 204);
    },
  );
