import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { isDatabaseUnavailable } from './db-errors.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('recognising a database that cannot be reached', () => {
  it.each<[string, unknown]>([
    [
      'connection refused on every address of localhost',
      wrapped(
        Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]), { code: 'ECONNREFUSED' }),
      ),
    ],
    [
      'a refused address reported only inside the AggregateError',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })]),
    ],
    [
      'the server terminating the connection (57P01)',
      wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ],
    ['the server starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    [
      'a database closed to connections (55000)',
      wrapped(Object.assign(new Error('database "ops" is not currently accepting connections'), { code: '55000' })),
    ],
    ['node-postgres losing its socket', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that has been ended', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', wrapped(new Error('PGlite is closed'))],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' }))],
    ['a syntax error', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(await res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
}

describe('while the database is unreachable', () => {
  let factory: TestDatabaseFactory;
  let t: TestContext;
  beforeAll(async () => {
    factory = await createTestDatabaseFactory();
  });
  afterAll(() => factory.dispose());
  beforeEach(async () => {
    t = await createTestContext(factory);
  });
  // The second test closes the database itself; closing it again is a no-op or refused.
  afterEach(() => t.close().catch(() => {}));

  it('answers 503 with Retry-After, for reads and writes', async () => {
    const { client } = await t.signedIn('client');
    // Nothing listens on port 1: every connection is refused, as when PostgreSQL is down.
    const unreachable = openPostgres('postgres://ops@127.0.0.1:1/ops', 1);
    t.deps.db = unreachable.db;
    try {
      await expectUnavailable(await client.get('/api/bookings'));
      await expectUnavailable(await client.patch('/api/profiles/me', { fullName: 'Njeri Kamau' }));
      await expectUnavailable(await client.get('/api/guards'));
      expect(t.logLines.some((line) => line.msg === 'database unavailable' && line.level === 40)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });

  // A real outage of a PostgreSQL server: its connections are ended and new ones refused. PGlite has
  // no server to lose, so this case exists only when the suite runs on PostgreSQL (as CI runs it).
  const onPostgres = TEST_DATABASE_URL ? [it] : [];
  for (const test of onPostgres)
    test('answers 503 while PostgreSQL ends the connections and refuses new ones, and recovers', async () => {
      const { client } = await t.signedIn('client');
      const database = t.database.connection.kind === 'postgres' ? new URL(t.database.connection.connectionString).pathname.slice(1) : '';
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database "${database}" allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
        await expectUnavailable(await client.get('/api/bookings'));
        await expectUnavailable(await client.patch('/api/profiles/me', { fullName: 'Njeri Kamau' }));
        await admin.query(`alter database "${database}" allow_connections true`);
        expect((await client.get('/api/bookings')).status).toBe(200);
      } finally {
        await admin.query(`alter database "${database}" allow_connections true`);
        await admin.end();
      }
    });

  it('answers 503 when the database has been closed under the app', async () => {
    const { client } = await t.signedIn('client');
    await t.database.close();
    await expectUnavailable(await client.get('/api/bookings'));
    await expectUnavailable(await client.post('/api/notifications/read-all'));
    const signUp = await t.app.request(`${TEST_APP_URL}/api/accounts`, {
      method: 'POST',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Amina Hassan',
        email: 'amina@example.co.ke',
        password: 'Kilimani-2026',
        confirmPassword: 'Kilimani-2026',
        role: 'client',
        acceptPrivacyNotice: true,
      }),
    });
    expect(signUp.status).toBe(503);
    // Better Auth logs its failed query to the console: expected here, where the database is gone.
    vi.mocked(console.error).mockImplementation(() => {});
    await expectUnavailable(await t.client().post('/api/auth/sign-in/email', { email: 'amina@example.co.ke', password: 'Kilimani-2026' }));
  });
});
