import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';

/** The accrediting partner's portal: /api/partner/*. */
export const partnerRoutes = new Hono<AppEnv>().use(requireAuth, requirePermission('partner_portal.view'));
