import { Hono } from 'hono';
import { broadcastInput } from '@ops/shared/schemas/admin-broadcasts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { sendBroadcast } from './admin-broadcasts.service.ts';
import { body, consoleAction } from './admin-route-helpers.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminBroadcastRoutes = new Hono<AppEnv>().post(
  '/notifications/broadcast',
  requirePermission('notifications.broadcast'),
  body(broadcastInput),
  async (c) => c.json(await sendBroadcast(consoleAction(c), c.req.valid('json'))),
);
