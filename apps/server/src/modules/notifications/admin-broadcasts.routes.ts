import { Hono } from 'hono';
import { broadcastInput, broadcastRecipientsQuery } from '@ops/shared/schemas/admin-broadcasts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { broadcastRecipientCount, sendBroadcast } from './admin-broadcasts.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminBroadcastRoutes = new Hono<AppEnv>()
  .get('/notifications/recipients', requirePermission('notifications.broadcast'), validate('query', broadcastRecipientsQuery), async (c) => {
    noStore(c);
    return c.json(await broadcastRecipientCount(c.get('deps').db, c.req.valid('query').recipients));
  })
  .post('/notifications/broadcast', requirePermission('notifications.broadcast'), body(broadcastInput), async (c) =>
    c.json(await sendBroadcast(consoleAction(c), c.req.valid('json'))),
  );
