import { Hono, type Context } from 'hono';
import { can } from '@ops/shared/domain/permissions';
import { auditEventListQuery } from '@ops/shared/schemas/audit';
import type { AppEnv, CurrentUser } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { listAuditEvents, recordListRead, recordRead, type AuditActor, type AuditEvent } from './audit.service.ts';

/** The signed-in person as the trail names them: their profile and the address they came from. */
export function auditActor(c: Context<AppEnv>): AuditActor {
  return { profileId: c.get('currentUser').profileId, clientIp: c.get('clientIp') ?? null };
}

/** The view a list was read in: the route with its query, in a fixed order. */
function viewOf(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return `${url.pathname}?${new URLSearchParams(query).toString()}`;
}

/**
 * Records a staff member's read of someone else's personal data. Does nothing for anyone but an
 * admin, or when the data is the admin's own. A failure to record fails the request, so no read
 * goes unrecorded. A read with no one person as its subject is a read of a list: it is recorded
 * once per view (route, filters and page) and the records it showed, as recordListRead says.
 */
export async function recordStaffRead(c: Context<AppEnv>, event: Omit<AuditEvent, 'actor'>): Promise<void> {
  const user = c.get('currentUser') as CurrentUser | undefined;
  if (!user || !can(user.role, 'console.view')) return;
  if (event.subjectProfileId && event.subjectProfileId === user.profileId) return;
  const { db, clock } = c.get('deps');
  if (!event.subjectProfileId) await recordListRead(db, viewOf(c), clock(), { ...event, actor: auditActor(c) });
  else await recordRead(db, { ...event, actor: auditActor(c) });
}

/** Admins read the trail; there is no route that changes or removes it. */
export const auditRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('activity.read'))
  .get('/', validate('query', auditEventListQuery), async (c) => {
    const body = await listAuditEvents(c.get('deps').db, c.req.valid('query'));
    c.header('cache-control', 'no-store');
    return c.json(body);
  });
