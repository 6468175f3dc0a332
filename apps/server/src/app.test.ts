import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertGuard } from './test/fixtures.ts';
import { createTestContext, type TestContext } from './test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from './test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory, { bodyLimitBytes: 4096 });
});
afterEach(() => t.close());

describe('the API edge', () => {
  it('reports the database state on /api/health', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: { engine: factory.kind, status: 'up' }, jobs: { status: 'up' } });
  });

  it('reports a database that does not answer', async () => {
    await t.database.close();
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    t = await createTestContext(factory);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'No such API endpoint' });
  });

  it('refuses a body over the limit before reading it', async () => {
    const res = await t.client().post('/api/accounts', { fullName: 'x'.repeat(10_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
  });

  it('compresses an API answer for a client that accepts gzip, and says Vary: Accept-Encoding once either way', async () => {
    for (let i = 0; i < 12; i += 1) await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    const zipped = await client.get('/api/guards?pageSize=12', { 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')) as { items: unknown[] };
    expect(unzipped.items).toHaveLength(12);

    const plain = await client.get('/api/guards?pageSize=12');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(12);
  });

  it('sets security headers with a strict content security policy', async () => {
    const res = await t.client().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
