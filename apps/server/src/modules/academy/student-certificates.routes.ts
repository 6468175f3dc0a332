import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';

/** The signed-in student's own certificates: /api/student/certificates/*. */
export const studentCertificateRoutes = new Hono<AppEnv>().use(requireAuth);
