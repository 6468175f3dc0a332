import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** Enrolling in a cohort and paying its fee: /api/enrollments. */
export const enrollmentRoutes = new Hono<AppEnv>();
