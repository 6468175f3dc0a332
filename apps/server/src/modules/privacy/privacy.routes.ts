import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { DeleteAccountResponse } from '@ops/shared/schemas/privacy';
import { deleteAccountInput } from '@ops/shared/schemas/privacy';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { deleteOwnAccount } from './account-deletion.service.ts';
import { exportPersonalData } from './privacy-export.service.ts';

/**
 * A person's own data: a copy of all of it, and deleting the account. Only ever one's own. Mounted
 * beside GET /api/me (which answers visitors too), so each route asks for a session itself rather
 * than through a use() that would also cover /api/me.
 */
export const privacyRoutes = new Hono<AppEnv>()
  .get('/export', requireAuth, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock();
    const document = await exportPersonalData(db, c.get('currentUser'), auditActor(c), now);
    const day = now.toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="ops-security-my-data-${day}.json"`);
    c.header('cache-control', 'no-store');
    c.header('content-type', 'application/json; charset=utf-8');
    return c.body(JSON.stringify(document, null, 2));
  })
  .post('/delete', requireAuth, validate('json', deleteAccountInput), async (c) => {
    const deps = c.get('deps');
    const { clock, auth } = deps;
    const context = await auth.$context;
    const verify = (hash: string, password: string) => context.password.verify({ hash, password });
    await deleteOwnAccount(deps, verify, c.get('currentUser'), c.req.valid('json').password, auditActor(c), clock());
    // The sessions are gone from the database already; the browser forgets its cookies too.
    for (const cookie of [context.authCookies.sessionToken, context.authCookies.sessionData, context.authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.name.startsWith('__Secure-') });
    }
    c.header('cache-control', 'no-store');
    return c.json<DeleteAccountResponse>({ deleted: true });
  });
