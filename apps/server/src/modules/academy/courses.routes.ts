import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** The academy's public catalogue: /api/courses and /api/courses/:id. */
export const courseRoutes = new Hono<AppEnv>();
