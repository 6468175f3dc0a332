import { createMiddleware } from 'hono/factory';
import type { AppEnv, CurrentUser } from './context.ts';
import type { Logger } from './logger.ts';

/*
 * A request line holds only the fields below, none of them secret, so it skips the redaction that
 * every other line goes through (its wildcard paths were a few per cent of the server's CPU on the
 * guard list).
 */
const lineLoggers = new WeakMap<Logger, Logger>();
function lineLogger(logger: Logger): Logger {
  let child = lineLoggers.get(logger);
  if (!child) {
    child = logger.child({}, { redact: [] });
    lineLoggers.set(logger, child);
  }
  return child;
}

/**
 * The path, except that a password reset link carries its token in the path
 * (/api/auth/reset-password/<token>): that part is replaced.
 */
const RESET_LINK = /^(\/api\/auth\/reset-password\/)[^/]+/;
const loggedPath = (path: string) => path.replace(RESET_LINK, '$1[token]');

/**
 * One structured line per request, with who asked (the account's user id) and the client address.
 * Only the path is logged: query strings carry tokens (e-mail confirmation, password reset), and
 * headers carry cookies, so neither is written. The privacy notice (/privacy) says what these
 * lines hold and how long they are kept.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const logger = lineLogger(c.get('deps').logger);
  const ms = Math.round((performance.now() - started) * 10) / 10;
  // The session middleware of the route that ran sets currentUser on this same context, so once the
  // handler is done the line can say who asked (null for a visitor) and from which address.
  const user = c.get('currentUser') as CurrentUser | undefined;
  const line = {
    reqId: c.get('requestId'),
    method: c.req.method,
    path: loggedPath(c.req.path),
    status: c.res.status,
    ms,
    userId: user?.userId ?? null,
    clientIp: c.get('clientIp'),
  };
  if (c.res.status >= 500) logger.error(line, 'request');
  else if (c.req.path.startsWith('/api/')) logger.info(line, 'request');
  else logger.debug(line, 'request');
});
