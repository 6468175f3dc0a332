import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = /\.html(\.br|\.gz|\.zst)?$/;

/**
 * Serves the built single-page app: hashed assets are immutable for a year (their names change
 * with their content), everything else falls back to index.html, which is never cached. The build
 * writes brotli and gzip copies beside each file; browsers that accept them get those.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const compressedIndex = (['br', 'gzip'] as const).flatMap((encoding) => {
    const file = `${indexFile}.${encoding === 'gzip' ? 'gz' : encoding}`;
    return existsSync(file) ? [{ encoding, body: readFileSync(file) }] : [];
  });

  // serveStatic reports a found file after it has built the response, too late to add headers
  // to it on every runtime; the caching header is noted then and set on the way out.
  const cacheControl = new WeakMap<object, string>();
  app.use('*', async (c, next) => {
    await next();
    const value = cacheControl.get(c);
    if (value) c.res.headers.set('cache-control', value);
  });

  app.use(
    '/assets/*',
    serveStatic({ root: distDir, precompressed: true, onFound: (_path, c) => void cacheControl.set(c, IMMUTABLE) }),
  );
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (path, c) => void cacheControl.set(c, HTML.test(path) ? 'no-cache' : 'public, max-age=3600'),
    }),
  );
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    c.header('vary', 'Accept-Encoding', { append: true });
    const accepted = new Set(c.req.header('accept-encoding')?.split(',').map((e) => e.trim().split(';')[0]));
    const compressed = compressedIndex.find((variant) => accepted.has(variant.encoding));
    if (!compressed) return c.html(indexHtml);
    c.header('content-encoding', compressed.encoding);
    c.header('content-type', 'text/html; charset=utf-8');
    return c.body(new Uint8Array(compressed.body));
  });
}
