import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv, SiteConfig } from './context.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = /\.html(\.br|\.gz|\.zst)?$/;
/**
 * Paths that name a file (a dot in the last segment, anything under /assets/ or /.well-known/):
 * when no built file answers, the answer is a 404, not the app's page with a 200 that a CDN would
 * keep and a browser would try to run as the script or style it asked for. App routes have no dot.
 */
const FILE_PATH = /^\/(assets|\.well-known)\/|\.[^/]*$/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page carries the site's settings as <meta> tags that the app reads (the Content-Security-
 * Policy allows no inline script), so the chat button links to the configured number at once.
 */
export function withSiteConfig(html: string, site: SiteConfig | undefined): string {
  if (!site) return html;
  const tags =
    `<meta name="ops-whatsapp-number" content="${escapeAttribute(site.whatsappNumber)}" />` +
    `<meta name="ops-whatsapp-greeting" content="${escapeAttribute(site.whatsappGreeting)}" />`;
  if (!html.includes('</head>')) throw new Error("The web app's index.html has no </head> to put the site settings in");
  return html.replace('</head>', `${tags}</head>`);
}

/**
 * Serves the built single-page app: hashed assets are immutable for a year (their names change
 * with their content), a missing file is a 404, and every other path gets index.html (with the
 * site's settings), which is never cached. The build writes brotli and gzip copies beside each
 * file; browsers that accept them get those. index.html is compressed here, once, with its settings.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string, site?: SiteConfig): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = withSiteConfig(readFileSync(indexFile, 'utf8'), site);
  // Compressed at the first request for the page rather than during start-up; a window sized to
  // the page keeps brotli at about a millisecond instead of the tens its default window takes.
  let compressedIndex: { encoding: string; body: Buffer }[] | undefined;
  const compressIndex = () => [
    {
      encoding: 'br',
      body: brotliCompressSync(indexHtml, {
        params: { [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(indexHtml), [constants.BROTLI_PARAM_LGWIN]: 16 },
      }),
    },
    { encoding: 'gzip', body: gzipSync(indexHtml, { level: 9 }) },
  ];

  // serveStatic reports a found file after it has built the response, too late to add headers
  // to it on every runtime; the caching header is noted then and set on the way out.
  const cacheControl = new WeakMap<object, string>();
  app.use('*', async (c, next) => {
    await next();
    const value = cacheControl.get(c);
    if (value) c.res.headers.set('cache-control', value);
  });

  app.use('/assets/*', serveStatic({ root: distDir, precompressed: true, onFound: (_path, c) => void cacheControl.set(c, IMMUTABLE) }));
  const sendIndex = (c: Context<AppEnv>) => {
    c.header('cache-control', 'no-cache');
    c.header('vary', 'Accept-Encoding', { append: true });
    const accepted = new Set(
      c.req
        .header('accept-encoding')
        ?.split(',')
        .map((e) => e.trim().split(';')[0]),
    );
    const compressed = (compressedIndex ??= compressIndex()).find((variant) => accepted.has(variant.encoding));
    if (!compressed) return c.html(indexHtml);
    c.header('content-encoding', compressed.encoding);
    c.header('content-type', 'text/html; charset=utf-8');
    return c.body(new Uint8Array(compressed.body));
  };
  // The page on disk lacks the site's settings: these two never come from the folder.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (path, c) => void cacheControl.set(c, HTML.test(path) ? 'no-cache' : 'public, max-age=3600'),
    }),
  );
  app.get('*', (c) => {
    if (!FILE_PATH.test(c.req.path)) return sendIndex(c);
    // Not kept by a cache: during a deployment the file may exist on the next copy of the server.
    c.header('cache-control', 'no-store');
    return c.text('Not found', 404);
  });
}
