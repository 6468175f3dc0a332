/**
 * Builds the real app (real routes, real SQL, real Better Auth) on a fresh database, with a mailer
 * that keeps messages in memory and a logger whose lines a test can read.
 */
import { Writable } from 'node:stream';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@ops/shared/constants';
import { createApp, type App } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { accounts, users } from '../db/schema/auth.ts';
import { guards } from '../db/schema/guards.ts';
import { profiles } from '../db/schema/profiles.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { createAuth } from '../modules/auth/auth.ts';
import { createCapturedMailer, type CapturedMailer } from './captured-mailer.ts';
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
  logger: Logger;
  /** Every log line written while the test ran, parsed. */
  logLines: Record<string, unknown>[];
  now: Date;
  client(): TestClient;
  /** A confirmed account with its profile; returns a client already signed in as that person. */
  signedIn(role: Role, overrides?: Partial<PersonOptions>): Promise<{ client: TestClient; profileId: string; email: string }>;
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
let counter = 0;

export async function createTestContext(
  factory: TestDatabaseFactory,
  options: { rateLimit?: boolean; bodyLimitBytes?: number } = {},
): Promise<TestContext> {
  const database = await factory.create();
  const mailer = createCapturedMailer();
  const jobs = createRecordingJobQueue();
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('info', sink);
  const now = new Date();
  const auth = createAuth(
    database.db,
    mailer,
    { appUrl: TEST_APP_URL, secret: 'test-secret-that-is-long-enough-to-sign-cookies', rateLimit: options.rateLimit ?? false },
    logger,
  );
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    auth,
    mailer,
    logger,
    clock: () => new Date(),
    jobs,
    config: { appUrl: TEST_APP_URL, bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024, trustProxy: false },
  });

  const context: TestContext = {
    app,
    database,
    mailer,
    jobs,
    logger,
    logLines,
    now,
    client: () => new TestClient(app),
    async signedIn(role, overrides = {}) {
      counter += 1;
      const person: PersonOptions = {
        email: `${role}${counter}-${Date.now()}@example.co.ke`,
        fullName: `Test ${role} ${counter}`,
        phone: null,
        isCompany: false,
        companyName: null,
        ...overrides,
      };
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const userId = crypto.randomUUID();
      const profileId = await database.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: userId, name: person.fullName, email: person.email, emailVerified: true });
        await tx.insert(accounts).values({
          id: crypto.randomUUID(),
          accountId: userId,
          providerId: 'credential',
          userId,
          password: await passwordHash,
        });
        const [profile] = await tx
          .insert(profiles)
          .values({ userId, role, fullName: person.fullName, phone: person.phone, isCompany: person.isCompany, companyName: person.companyName })
          .returning({ id: profiles.id });
        if (!profile) throw new Error('profile not created');
        if (role === 'guard') await tx.insert(guards).values({ profileId: profile.id });
        return profile.id;
      });
      const client = new TestClient(app);
      const res = await client.post('/api/auth/sign-in/email', { email: person.email, password: TEST_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return { client, profileId, email: person.email };
    },
    close: () => database.close(),
  };
  return context;
}
