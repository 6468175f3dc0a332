import { Hono } from 'hono';
import { pingDatabase } from '../../db/client.ts';
import type { AppEnv } from '../../lib/context.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, dbKind } = c.get('deps');
  const up = await pingDatabase(db);
  c.header('cache-control', 'no-store');
  return c.json(
    { status: up ? 'ok' : 'degraded', database: { engine: dbKind, status: up ? 'up' : 'down' } },
    up ? 200 : 503,
  );
});
