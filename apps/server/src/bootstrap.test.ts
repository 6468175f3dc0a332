/**
 * The start-up order of the real server: the app answers as soon as bootstrap() returns, and the
 * job queue (and PGlite's planner statistics) are set up after the server listens. A request that
 * arrives in between must work as at any other time: a booking made then still gets its
 * hold-expiry job.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { bootstrap, warnAboutConfiguration } from './bootstrap.ts';
import type { DatabaseHandle } from './db/client.ts';
import { courses } from './db/schema/academy-courses.ts';
import { certificates } from './db/schema/certificates.ts';
import { seedCourseCatalogue } from './db/seed/course-catalogue.ts';
import { accounts, users } from './db/schema/auth.ts';
import { profiles } from './db/schema/profiles.ts';
import { parseEnv } from './env.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { insertGuard } from './test/fixtures.ts';
import { TEST_APP_URL, TestClient } from './test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from './test/test-database.ts';

let factory: TestDatabaseFactory;
let dataDir: string;
let postgres: DatabaseHandle | undefined;
let started: Awaited<ReturnType<typeof bootstrap>> | undefined;

beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
afterEach(async () => {
  await started?.stop();
  started = undefined;
  await postgres?.close();
  postgres = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server's own start-up on a new PGlite data directory, or on a fresh PostgreSQL database. */
async function startServer(overrides: Record<string, string> = {}, logger: Logger = createLogger('silent')) {
  dataDir = mkdtempSync(join(tmpdir(), 'ops-bootstrap-'));
  if (factory.kind === 'postgres') postgres = await factory.create();
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.connection.kind === 'postgres' ? postgres.connection.connectionString : undefined,
    APP_URL: TEST_APP_URL,
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: 'false',
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    ...overrides,
  });
  started = await bootstrap(env, logger);
  return started;
}

async function signedInClient(server: Awaited<ReturnType<typeof bootstrap>>) {
  const email = `early-${Date.now()}@example.co.ke`;
  const password = 'Correct-Horse-9';
  const userId = crypto.randomUUID();
  const { db } = server.database;
  await db.insert(users).values({ id: userId, name: 'Early Client', email, emailVerified: true });
  await db
    .insert(accounts)
    .values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(password) });
  await db.insert(profiles).values({ userId, role: 'client', fullName: 'Early Client' });
  const client = new TestClient(server.app);
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  return client;
}

const health = async (server: Awaited<ReturnType<typeof bootstrap>>) => {
  const res = await server.app.request('/api/health');
  return { status: res.status, body: (await res.json()) as { status: string; jobs: { status: string } } };
};

// Each test starts a server on a new database (initdb on PGlite): give it time on a busy machine.
describe('start-up with the job queue set up after the server listens', { timeout: 120_000 }, () => {
  it('answers at once, and a payment started before the queue is up still gets its re-check job', async () => {
    const server = await startServer();
    expect(await health(server)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok', jobs: { status: 'starting' } }) });

    const guardId = await insertGuard(server.database.db, { rateHourly: 1500 });
    const client = await signedInClient(server);
    const booking = await client.post('/api/bookings', {
      serviceType: 'personal',
      guardId,
      teamSize: 1,
      date: addDaysToDate(nairobiDate(new Date()), 3),
      startTime: '09:00',
      duration: 8,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Karen',
      address: '12 Karen Road',
      totalCost: 8 * 1500,
    });
    // A booking queues nothing: it does not wait for the queue.
    expect(booking.status).toBe(201);
    const { id: bookingId } = (await booking.json()) as { id: string };
    // Starting its payment queues the first status re-check, which waits for the queue.
    const payment = client.post(`/api/bookings/${bookingId}/payments`, { method: 'mpesa', phone: '0712 345 678' });
    // What index.ts does once the port is open.
    await server.afterListening();
    const res = await payment;
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string };

    expect(await health(server)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok', jobs: { status: 'up' } }) });
    const { rows } = (await server.database.db.execute(sql`select data from pgboss.job where name = 'payment-recheck'`)) as {
      rows: { data: { paymentId: string; attempt: number } }[];
    };
    expect(rows).toEqual([{ data: { paymentId: body.id, attempt: 0 } }]);
  });

  it('refreshes PGlite’s planner statistics after listening, not before', async () => {
    if (factory.kind !== 'pglite') return;
    const server = await startServer();
    const reltuples = async () => {
      const { rows } = (await server.database.db.execute(sql`select reltuples from pg_class where oid = 'public.bookings'::regclass`)) as {
        rows: { reltuples: number }[];
      };
      return Number(rows[0]!.reltuples);
    };
    // -1: never analyzed (a new database).
    expect(await reltuples()).toBe(-1);
    await server.afterListening();
    expect(await reltuples()).toBe(0);
  });
});

describe('the demo data', { timeout: 180_000 }, () => {
  it('has its certificate issued after listening: a real PDF, verifiable by its reference', async () => {
    const server = await startServer({ SEED_DEMO_DATA: 'true' });
    expect(await server.database.db.select().from(certificates)).toEqual([]);
    await server.afterListening();
    const issued = await server.database.db.select().from(certificates);
    expect(issued).toHaveLength(1);
    const [certificate] = issued;
    expect(certificate).toMatchObject({ courseName: 'Basic Security Guard', studentName: 'Grace Wanjiru Njoroge', cobranded: true, revokedAt: null });

    const verified = await server.app.request(`/api/certificates/verify/${encodeURIComponent(certificate!.certificateRef)}`);
    expect(verified.status).toBe(200);
    const pdf = await server.app.request(`/api/certificates/verify/${encodeURIComponent(certificate!.certificateRef)}/pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

/** A logger that keeps its warnings (and worse) as parsed lines. */
function warningsLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: createLogger('warn', sink), messages: () => lines.filter((l) => l.level === 40).map((l) => l.msg) };
}

const DEMO_NUMBER_WARNING = /^WHATSAPP_NUMBER is not set: the chat button opens the demo number/;
const TRUST_ALL_WARNING = /^TRUST_PROXY=true trusts every X-Forwarded-For entry, so a client can forge its address/;

describe('warnings about the configuration at start-up', { timeout: 120_000 }, () => {
  it('the server warns while the chat button would open the demo WhatsApp number', async () => {
    const { logger, messages } = warningsLogger();
    await startServer({}, logger);
    expect(messages()).toEqual(expect.arrayContaining([expect.stringMatching(DEMO_NUMBER_WARNING)]));
  });

  it('warns about the demo number and about TRUST_PROXY=true, and about neither once they are set well', () => {
    const warned = (source: Record<string, string>) => {
      const { logger, messages } = warningsLogger();
      warnAboutConfiguration(parseEnv(source), logger);
      return messages();
    };
    expect(warned({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(DEMO_NUMBER_WARNING), expect.stringMatching(TRUST_ALL_WARNING)]);
    expect(warned({ WHATSAPP_NUMBER: '254700000000' })).toEqual([expect.stringMatching(DEMO_NUMBER_WARNING)]);
    expect(warned({ WHATSAPP_NUMBER: '254712345678', TRUST_PROXY: '1' })).toEqual([]);
    expect(warned({ WHATSAPP_NUMBER: '254712345678', TRUST_PROXY: '10.0.0.2' })).toEqual([]);
  });
});

describe('the secrets the server generates for itself', { timeout: 120_000 }, () => {
  it('keeps them beside the data on PGlite, and in the database on PostgreSQL, where other copies read them', async () => {
    const server = await startServer();
    const files = readdirSync(dataDir);
    const { rows } = (await server.database.db.execute(sql`select name from server_secrets order by name`)) as { rows: { name: string }[] };
    if (factory.kind === 'pglite') {
      expect(files).toEqual(expect.arrayContaining(['auth-secret', 'credential-signing-key.json']));
      expect(rows).toEqual([]);
    } else {
      expect(files).not.toContain('auth-secret');
      expect(files).not.toContain('credential-signing-key.json');
      expect(rows.map((r) => r.name)).toEqual(['auth-secret', 'credential-signing-key']);
    }
  });
});

describe('the academy catalogue at start-up', { timeout: 120_000 }, () => {
  it('is there on a fresh database without demo data, and a course edited since is kept on the next start', async () => {
    const server = await startServer();
    const res = await server.app.request('/api/courses');
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; price: number }[];
    expect(list.map((c) => c.id).sort()).toEqual(['basic-security', 'cpo', 'event-security', 'executive-protection']);
    expect(list.find((c) => c.id === 'cpo')?.price).toBe(150_000);

    await server.database.db.update(courses).set({ price: 160_000 }).where(eq(courses.id, 'cpo'));
    expect(await seedCourseCatalogue(server.database.db)).toBe(0);
    const [cpo] = await server.database.db.select({ price: courses.price }).from(courses).where(eq(courses.id, 'cpo'));
    expect(cpo?.price).toBe(160_000);
  });
});
