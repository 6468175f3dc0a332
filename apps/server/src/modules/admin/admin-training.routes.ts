import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminTrainingRoutes = new Hono<AppEnv>();
