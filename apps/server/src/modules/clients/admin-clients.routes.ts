import { Hono } from 'hono';
import { adminClientListQuery, blockClientInput, clientProfileIdParam } from '@ops/shared/schemas/admin-clients';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { listAdminClients } from './admin-clients.service.ts';
import { blockClient, unblockClient } from './client-blocking.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminClientRoutes = new Hono<AppEnv>()
  .get('/clients', requirePermission('clients.manage'), validate('query', adminClientListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listAdminClients(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'client.list',
      recordType: 'profile',
      after: { page: params.page, clientProfileIds: page.items.map((client) => client.profileId) },
    });
    noStore(c);
    return c.json(page);
  })
  .post('/clients/:profileId/block', requirePermission('clients.manage'), validate('param', clientProfileIdParam), body(blockClientInput), async (c) => {
    return c.json(await blockClient(consoleAction(c), c.req.valid('param').profileId, c.req.valid('json').reason));
  })
  .post('/clients/:profileId/unblock', requirePermission('clients.manage'), validate('param', clientProfileIdParam), async (c) => {
    return c.json(await unblockClient(consoleAction(c), c.req.valid('param').profileId));
  });
