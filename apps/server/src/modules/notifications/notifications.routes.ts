import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { listNotifications, markAllRead, markRead } from './notifications.service.ts';

const idParam = z.object({ id: z.uuid({ error: 'Unknown notification' }) });

/** The bell: every signed-in person has one, whatever their role. */
export const notificationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    const body = await listNotifications(c.get('deps').db, c.get('currentUser').profileId);
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  .post('/read-all', async (c) => {
    await markAllRead(c.get('deps').db, c.get('currentUser').profileId);
    return c.body(null, 204);
  })
  .post('/:id/read', validate('param', idParam), async (c) => {
    await markRead(c.get('deps').db, c.get('currentUser').profileId, c.req.valid('param').id);
    return c.body(null, 204);
  });
