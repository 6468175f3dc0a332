import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** The signed-in student's own academy records: /api/student/*. */
export const studentRoutes = new Hono<AppEnv>();
