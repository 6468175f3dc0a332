import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** Public verification of issued certificates: /api/certificates/*. */
export const certificateRoutes = new Hono<AppEnv>();
