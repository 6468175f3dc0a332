import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** Issuing and revoking certificates from the console's Training view: /api/admin/training/*. */
export const adminCertificateRoutes = new Hono<AppEnv>();
