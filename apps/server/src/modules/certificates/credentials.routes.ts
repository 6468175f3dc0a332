import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** The academy as a credential issuer: its public profile and key, /api/credentials/*. */
export const credentialRoutes = new Hono<AppEnv>();
