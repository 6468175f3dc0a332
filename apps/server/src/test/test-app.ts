/**
 * Builds the real app (real routes, real SQL, real Better Auth) on a fresh database, with a mailer
 * that keeps messages in memory and a logger whose lines a test can read.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@ops/shared/constants';
import { createApp, type App } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createJobHandlers } from '../jobs/job-handlers.ts';
import type { JobName, JobPayloads } from '../jobs/job-queue.ts';
import type { AppDeps } from '../lib/context.ts';
import { accounts, sessions, users } from '../db/schema/auth.ts';
import { guards } from '../db/schema/guards.ts';
import { profiles } from '../db/schema/profiles.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import type { OriginPolicy } from '../lib/origin-policy.ts';
import { createAuth, SESSION_DAYS } from '../modules/auth/auth.ts';
import { rememberLiveSessions } from '../modules/auth/session-lookup.ts';
import { loadIssuerKey, type IssuerKey } from '../modules/certificates/issuer-key.ts';
import { createDiskFileStore, type DiskFileStore } from '../providers/files/disk-file-store.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { createSandboxProvider } from '../providers/payments/sandbox.ts';
import { createDbSandboxStore } from '../providers/payments/sandbox-db-store.ts';
import { createCapturedMailer, type CapturedMailer } from './captured-mailer.ts';
import { createCapturedSms, type CapturedSms } from './captured-sms.ts';
import { createRecordingJobQueue, type RecordingJobQueue } from './recording-job-queue.ts';
import { TEST_APP_URL, TestClient } from './test-client.ts';
import type { TestDatabaseFactory } from './test-database.ts';

export { TEST_APP_URL };
export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  mailer: CapturedMailer;
  jobs: RecordingJobQueue;
  sms: CapturedSms;
  payments: PaymentProvider;
  /** The file store: a folder of its own under the system's temporary directory, removed at close. */
  files: DiskFileStore;
  /** What the app was built with, for calling services and job handlers directly. */
  deps: AppDeps;
  /**
   * Runs the recorded jobs of this name through the real handlers (in order, once each) and
   * returns their payloads. Jobs they enqueue are recorded, not run.
   */
  runJobs<N extends JobName>(name: N): Promise<JobPayloads[N][]>;
  logger: Logger;
  /** Every log line written while the test ran, parsed. */
  logLines: Record<string, unknown>[];
  now: Date;
  client(): TestClient;
  /** A confirmed account with its profile; returns a client already signed in as that person. */
  signedIn(role: Role, overrides?: Partial<PersonOptions>): Promise<{ client: TestClient; profileId: string; email: string }>;
  /**
   * The same person, with the session written straight to the database instead of signing in
   * (no password hash): for tests that need many people at once. The account has no password.
   */
  signedInDirectly(role: Role, overrides?: Partial<PersonOptions>): Promise<{ client: TestClient; profileId: string; email: string }>;
  close(): Promise<void>;
}

export interface PersonOptions {
  email: string;
  fullName: string;
  phone: string | null;
  isCompany: boolean;
  companyName: string | null;
}

let passwordHash: Promise<string> | undefined;
/** One credential signing key per test process, kept in its own temporary folder. */
let credentialKey: Promise<IssuerKey> | undefined;
const testCredentialKey = () =>
  (credentialKey ??= mkdtemp(join(tmpdir(), 'ops-test-key-')).then(async (dir) => {
    const key = await loadIssuerKey({ dataDir: dir });
    await rm(dir, { recursive: true, force: true });
    return key;
  }));
let counter = 0;
const AUTH_SECRET = 'test-secret-that-is-long-enough-to-sign-cookies';

/** Better Auth's signed cookie value: `<token>.<base64 HMAC-SHA256>`, URI-encoded. */
const signedCookieValue = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`);

export async function createTestContext(
  factory: TestDatabaseFactory,
  options: {
    rateLimit?: boolean;
    bodyLimitBytes?: number;
    /** The database pool's size on PostgreSQL (default 10, as the server's). */
    maxConnections?: number;
    /** Whose pages may write; by default the app at TEST_APP_URL, as with APP_URL set to it. */
    origins?: OriginPolicy;
    /** The payment provider; by default the sandbox on this test's database. */
    payments?: (database: DatabaseHandle) => PaymentProvider;
  } = {},
): Promise<TestContext> {
  const database = await factory.create({ maxConnections: options.maxConnections });
  const mailer = createCapturedMailer();
  const jobs = createRecordingJobQueue(database.db);
  const sms = createCapturedSms();
  const payments = options.payments?.(database) ?? createSandboxProvider({ store: createDbSandboxStore(database.db) });
  const files = createDiskFileStore(await mkdtemp(join(tmpdir(), 'ops-test-files-')));
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('info', sink);
  const now = new Date();
  const origins = options.origins ?? { appOrigin: TEST_APP_URL, trustedOrigins: [], trustProxy: false };
  const auth = createAuth(database.db, mailer, { appUrl: TEST_APP_URL, origins, secret: AUTH_SECRET, rateLimit: options.rateLimit ?? false }, logger);
  // As the server does: sessions are remembered until the database announces a change to them.
  rememberLiveSessions(database.db, database.notifications);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    auth,
    mailer,
    payments,
    sms,
    files,
    logger,
    clock: () => new Date(),
    jobs,
    credentialKey: await testCredentialKey(),
    config: { appUrl: TEST_APP_URL, bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024, trustProxy: origins.trustProxy, origins },
  };
  const app = createApp(deps);
  const handlers = createJobHandlers(() => deps);

  function newPerson(role: Role, overrides: Partial<PersonOptions>): PersonOptions {
    counter += 1;
    return {
      email: `${role}${counter}-${Date.now()}@example.co.ke`,
      fullName: `Test ${role} ${counter}`,
      phone: null,
      isCompany: false,
      companyName: null,
      ...overrides,
    };
  }

  /** A confirmed user with a profile (and a guards row for a guard); a password account when given a hash. */
  function insertPerson(role: Role, person: PersonOptions, hash: string | null) {
    const userId = crypto.randomUUID();
    return database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, name: person.fullName, email: person.email, emailVerified: true });
      if (hash !== null) {
        await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
      }
      const [profile] = await tx
        .insert(profiles)
        .values({ userId, role, fullName: person.fullName, phone: person.phone, isCompany: person.isCompany, companyName: person.companyName })
        .returning({ id: profiles.id });
      if (!profile) throw new Error('profile not created');
      if (role === 'guard') await tx.insert(guards).values({ profileId: profile.id });
      return { userId, profileId: profile.id };
    });
  }

  const context: TestContext = {
    app,
    database,
    mailer,
    jobs,
    sms,
    payments,
    files,
    deps,
    async runJobs<N extends JobName>(name: N) {
      const due = await jobs.take(name);
      const payloads: JobPayloads[N][] = [];
      for (const job of due) {
        const data = job.data as JobPayloads[N];
        const handle: (data: JobPayloads[N]) => Promise<void> = handlers[name];
        await handle(data);
        payloads.push(data);
      }
      return payloads;
    },
    logger,
    logLines,
    now,
    client: () => new TestClient(app),
    async signedIn(role, overrides = {}) {
      const person = newPerson(role, overrides);
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const hash = await passwordHash;
      const { profileId } = await insertPerson(role, person, hash);
      const client = new TestClient(app);
      const res = await client.post('/api/auth/sign-in/email', { email: person.email, password: TEST_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return { client, profileId, email: person.email };
    },
    async signedInDirectly(role, overrides = {}) {
      const person = newPerson(role, overrides);
      const { userId, profileId } = await insertPerson(role, person, null);
      const token = randomBytes(24).toString('base64url');
      await database.db.insert(sessions).values({
        id: crypto.randomUUID(),
        token,
        userId,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      });
      const client = new TestClient(app);
      client.setCookie((await auth.$context).authCookies.sessionToken.name, signedCookieValue(token));
      return { client, profileId, email: person.email };
    },
    async close() {
      await database.close();
      await rm(files.root, { recursive: true, force: true });
    },
  };
  return context;
}
