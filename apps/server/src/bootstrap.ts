/** Turns the environment into running parts: database (migrated, seeded), mailer, auth, app. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/demo.ts';
import type { Env } from './env.ts';
import { createJobHandlers } from './jobs/job-handlers.ts';
import { pgliteBossDb, startPgBossQueue } from './jobs/pg-boss-queue.ts';
import type { AppDeps } from './lib/context.ts';
import type { Logger } from './lib/logger.ts';
import { createAuth } from './modules/auth/auth.ts';
import { expireLapsedHolds } from './modules/bookings/booking-holds.service.ts';
import { createPaymentProvider, createSmsSender } from './providers/create-providers.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { createOutboxMailer } from './providers/mail/outbox-mailer.ts';
import { createSmtpMailer } from './providers/mail/smtp-mailer.ts';

/** With no AUTH_SECRET, one is made on first start and kept beside the data, so sessions survive restarts. */
function authSecret(env: Env, dataDir: string, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  logger.warn({ file }, 'AUTH_SECRET is not set; generated one and stored it in the data directory');
  return secret;
}

export function createMailer(env: Env, dataDir: string, logger: Logger): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMailer(join(dataDir, 'outbox'), env.MAIL_FROM, logger);
}

export async function bootstrap(env: Env, logger: Logger) {
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  await database.migrate();
  if (env.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db);
    if (seeded) logger.info('demo data loaded (accounts are listed in the README)');
  }
  // PGlite has no autovacuum to keep the planner's statistics fresh; refresh them at each start.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);

  // The queue's workers may pick up a job left from the last run before the app is assembled;
  // such a job fails and is retried by the queue a little later.
  const assembled: { deps?: AppDeps } = {};
  const jobs = await startPgBossQueue(
    database.connection.kind === 'pglite' ? { db: pgliteBossDb(database.connection.client) } : { connectionString: database.connection.connectionString },
    createJobHandlers(() => {
      if (!assembled.deps) throw new Error('the app is still starting');
      return assembled.deps;
    }),
    logger,
  );
  // Holds that ran out while the server was down are released now, not at the next booking's job.
  await expireLapsedHolds(database.db, new Date(), logger);

  const mailer = createMailer(env, dataDir, logger);
  const auth = createAuth(
    database.db,
    mailer,
    { appUrl, secret: authSecret(env, dataDir, logger), rateLimit: env.AUTH_RATE_LIMIT },
    logger,
  );
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    auth,
    mailer,
    payments: createPaymentProvider(env, database.db, appUrl, logger),
    sms: createSmsSender(env, dataDir, logger),
    logger,
    clock: () => new Date(),
    jobs,
    config: {
      appUrl,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      trustProxy: env.TRUST_PROXY,
      webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : undefined,
    },
  };
  assembled.deps = deps;
  const app = createApp(deps);
  return { app, database, jobs, appUrl, dataDir };
}
