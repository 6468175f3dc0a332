import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';

/**
 * One structured line per request. Only the path is logged: query strings carry tokens (e-mail
 * confirmation, password reset), and headers carry cookies, so neither is written.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const { logger } = c.get('deps');
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const line = { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms };
  if (c.res.status >= 500) logger.error(line, 'request');
  else if (c.req.path.startsWith('/api/')) logger.info(line, 'request');
  else logger.debug(line, 'request');
});
