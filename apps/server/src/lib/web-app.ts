import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Serves the built single-page app: hashed assets are immutable for a year (their names change
 * with their content), everything else falls back to index.html, which is never cached.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (path, c) => {
        c.header('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
