import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { checkHealth } from './health.service.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, dbKind, jobs } = c.get('deps');
  const report = await checkHealth(db, dbKind, jobs.status());
  c.header('cache-control', 'no-store');
  return c.json(report, report.status === 'ok' ? 200 : 503);
});
