import { Hono, type Context } from 'hono';
import { can } from '@ops/shared/domain/permissions';
import { auditEventListQuery } from '@ops/shared/schemas/audit';
import type { AppEnv, CurrentUser } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { listAuditEvents, recordRead, type AuditActor, type AuditEvent } from './audit.service.ts';

/** The signed-in person as the trail names them: their profile and the address they came from. */
export function auditActor(c: Context<AppEnv>): AuditActor {
  return { profileId: c.get('currentUser').profileId, clientIp: c.get('clientIp') ?? null };
}

/**
 * Records a staff member's read of someone else's personal data. Does nothing for anyone but an
 * admin, or when the data is the admin's own. A failure to record fails the request, so no read
 * goes unrecorded.
 */
export async function recordStaffRead(c: Context<AppEnv>, event: Omit<AuditEvent, 'actor'>): Promise<void> {
  const user = c.get('currentUser') as CurrentUser | undefined;
  if (!user || !can(user.role, 'console.view')) return;
  if (event.subjectProfileId && event.subjectProfileId === user.profileId) return;
  await recordRead(c.get('deps').db, { ...event, actor: auditActor(c) });
}

/** Admins read the trail; there is no route that changes or removes it. */
export const auditRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('activity.read'))
  .get('/', validate('query', auditEventListQuery), async (c) => {
    const body = await listAuditEvents(c.get('deps').db, c.req.valid('query'));
    c.header('cache-control', 'no-store');
    return c.json(body);
  });
