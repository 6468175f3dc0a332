import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** A cohort's instructor CVs and facility photos, uploaded by admins: /api/admin/training/*. */
export const adminCohortFileRoutes = new Hono<AppEnv>();
