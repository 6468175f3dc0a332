import { Hono } from 'hono';
import { roleChangeInput, rolePeopleQuery, roleProfileIdParam } from '@ops/shared/schemas/admin-roles';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { changeRole, listRoleHolders, searchPeople } from './admin-roles.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminRoleRoutes = new Hono<AppEnv>()
  .get('/roles', requirePermission('roles.manage'), async (c) => {
    noStore(c);
    return c.json(await listRoleHolders(c.get('deps').db));
  })
  .get('/roles/people', requirePermission('roles.manage'), validate('query', rolePeopleQuery), async (c) => {
    const found = await searchPeople(c.get('deps').db, c.req.valid('query').q);
    // Names and e-mail addresses of anyone: the read is recorded, as the console's lists are.
    await recordStaffRead(c, { action: 'profile.search', recordType: 'profile', after: { profileIds: found.items.map((p) => p.profileId) } });
    noStore(c);
    return c.json(found);
  })
  .put('/roles/:profileId', requirePermission('roles.manage'), validate('param', roleProfileIdParam), body(roleChangeInput), async (c) => {
    return c.json(await changeRole(consoleAction(c), c.req.valid('param').profileId, c.req.valid('json').role));
  });
