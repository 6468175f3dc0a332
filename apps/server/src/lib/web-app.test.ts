import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { mountWebApp } from './web-app.ts';

let dist: string;
const html = '<!doctype html><html><body><div id="root"></div></body></html>';
const script = 'console.log("a hashed asset");'.repeat(20);

function write(path: string, content: string, compressed = true) {
  writeFileSync(join(dist, path), content);
  if (!compressed) return;
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'ops-web-'));
  mkdirSync(join(dist, 'assets'));
  write('index.html', html);
  write('assets/index-AbC123xy.js', script);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function app() {
  const hono = new Hono<AppEnv>();
  mountWebApp(hono, dist);
  return hono;
}

describe('serving the built web app', () => {
  it('sends a hashed asset brotli-compressed and cacheable for a year', async () => {
    const res = await app().request('/assets/index-AbC123xy.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('sends gzip to a browser that does not take brotli', async () => {
    const res = await app().request('/assets/index-AbC123xy.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it.each(['/', '/guards', '/guards/some-id?tab=reviews'])('answers %s with index.html, compressed and never cached', async (path) => {
    const res = await app().request(path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
  });

  it('sends index.html as it is to a client that accepts no compression', async () => {
    const res = await app().request('/guards');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(html);
  });
});
