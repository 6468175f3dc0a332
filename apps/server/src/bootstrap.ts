/**
 * Turns the environment into running parts: database (migrated, seeded, lapsed holds released),
 * mailer, auth, app. What can wait until the server listens (the job queue's set-up, PGlite's
 * planner statistics) is left to `afterListening`, which index.ts calls once the port is open.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedCourseCatalogue } from './db/seed/course-catalogue.ts';
import { issueDemoCertificates } from './db/seed/demo-certificates.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { DEMO_WHATSAPP_NUMBER, type Env } from './env.ts';
import { createJobHandlers } from './jobs/job-handlers.ts';
import { createOutboxJobQueue } from './jobs/job-outbox.ts';
import { pgliteBossDb, postgresBossDb, startPgBossQueue } from './jobs/pg-boss-queue.ts';
import type { AppDeps } from './lib/context.ts';
import { databaseSecretKeeper, dataDirSecretKeeper } from './lib/kept-secrets.ts';
import type { Logger } from './lib/logger.ts';
import { toOrigin, type OriginPolicy } from './lib/origin-policy.ts';
import { createAuth } from './modules/auth/auth.ts';
import { loadAuthSecret } from './modules/auth/auth-secret.ts';
import { rememberLiveSessions } from './modules/auth/session-lookup.ts';
import { loadIssuerKey } from './modules/certificates/issuer-key.ts';
import { readMailBrand } from './modules/settings/settings.service.ts';
import { expireLapsedHolds, startHoldSweeper } from './modules/bookings/booking-holds.service.ts';
import { PAYMENT_SWEEP_INTERVAL_MS, sweepPaymentsInFlight } from './modules/payments/payment-sweep.service.ts';
import { startPeriodic } from './lib/periodic.ts';
import { startEnrollmentSweepers } from './modules/academy/enrollment-deadlines.service.ts';
import { offsetClock, systemClock } from './lib/clock.ts';
import { startShiftWatch } from './modules/shifts/shift-watch.service.ts';
import { CREDENTIAL_REMINDERS_INTERVAL_MS } from './modules/guards/credential-reminders.service.ts';
import { createFileStore, createPaymentProvider, createSmsSender } from './providers/create-providers.ts';
import { brandedMailer } from './providers/mail/branded-mailer.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { createOutboxMailer } from './providers/mail/outbox-mailer.ts';
import { createSmtpMailer } from './providers/mail/smtp-mailer.ts';

/**
 * Settings that work but are probably not what a live site wants, said once at start-up: the demo's
 * WhatsApp number (the chat button would reach nobody at the company), and TRUST_PROXY=true, which
 * takes the client address from the part of X-Forwarded-For the client writes itself.
 */
export function warnAboutConfiguration(env: Env, logger: Logger): void {
  if (env.WHATSAPP_NUMBER === DEMO_WHATSAPP_NUMBER) {
    logger.warn(
      { whatsappNumber: env.WHATSAPP_NUMBER },
      "WHATSAPP_NUMBER is not set: the chat button opens the demo number, not the company's; set it to the company's WhatsApp number (international form, e.g. 254712345678)",
    );
  }
  if (env.CLOCK_OFFSET_FILE) {
    logger.warn(
      { clockOffsetFile: env.CLOCK_OFFSET_FILE },
      "CLOCK_OFFSET_FILE is set: the app's clock is shifted by the milliseconds in that file (reminders, late alerts and completion follow it); unset it for normal running",
    );
  }
  if (env.TRUST_PROXY === true) {
    logger.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so a client can forge its address and slip past the sign-in limits; set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses',
    );
  }
}

export function createMailer(env: Env, dataDir: string, logger: Logger): Mailer {
  return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createOutboxMailer(join(dataDir, 'outbox'), env.MAIL_FROM, logger);
}

/** Milliseconds spent in each start-up step, for the debug log line that index.ts writes. */
export type StartupPhases = Record<string, number>;

function phaseClock(phases: StartupPhases) {
  let last = performance.now();
  return (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - last);
    last = now;
  };
}

export async function bootstrap(env: Env, logger: Logger) {
  // performance.now() counts from the process's start: this is Node's own start and the loading of
  // the bundle, before any of our code ran.
  const phases: StartupPhases = { modules: Math.round(performance.now()) };
  const phase = phaseClock(phases);
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  warnAboutConfiguration(env, logger);
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const origins: OriginPolicy = {
    appOrigin: env.APP_URL ? toOrigin(env.APP_URL) : null,
    trustedOrigins: env.TRUSTED_ORIGINS,
    trustProxy: env.TRUST_PROXY !== false,
  };

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  phase('openDatabase');
  await database.migrate();
  phase('migrate');
  if (env.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db);
    if (seeded) logger.info('demo data loaded (accounts are listed in the README)');
  }
  const catalogue = await seedCourseCatalogue(database.db);
  if (catalogue > 0) logger.info({ courses: catalogue }, 'academy catalogue loaded');
  phase('demoData');
  // Holds that ran out while the server was down are released now; the sweeper takes over once listening.
  await expireLapsedHolds(database.db, new Date(), logger);
  phase('lapsedHolds');

  // The app gets the queue before pg-boss has started (afterListening starts it): jobs are written
  // to the outbox table meanwhile, like always, and relayed once pg-boss is up.
  const jobs = createOutboxJobQueue(database.db, logger);
  // E-mails go out under the company name and colour saved in Settings.
  const mailer = brandedMailer(createMailer(env, dataDir, logger), () => readMailBrand(database.db), logger);
  // Generated secrets: beside the data on PGlite; in the database on PostgreSQL, where other
  // copies of the server may run and must sign and check with the same ones (decision 027).
  const secrets = database.kind === 'postgres' ? databaseSecretKeeper(database.db, dataDir, logger) : dataDirSecretKeeper(dataDir);
  const secret = await loadAuthSecret(env.AUTH_SECRET, secrets, logger);
  const auth = createAuth(database.db, mailer, { appUrl, origins, secret, rateLimit: env.AUTH_RATE_LIMIT }, logger);
  // Who a session cookie speaks for is remembered until the database says it changed.
  rememberLiveSessions(database.db, database.notifications);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    auth,
    mailer,
    payments: createPaymentProvider(env, database.db, appUrl, logger),
    sms: createSmsSender(env, dataDir, logger),
    files: await createFileStore(env, dataDir, logger),
    logger,
    clock: env.CLOCK_OFFSET_FILE ? offsetClock(env.CLOCK_OFFSET_FILE) : systemClock,
    jobs,
    credentialKey: await loadIssuerKey({ dataDir, keeper: secrets, envKey: env.CREDENTIAL_SIGNING_KEY, logger }),
    config: {
      appUrl,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      trustProxy: env.TRUST_PROXY,
      origins,
      webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : undefined,
      site: { whatsappNumber: env.WHATSAPP_NUMBER, whatsappGreeting: env.WHATSAPP_GREETING },
    },
  };
  const app = createApp(deps);
  phase('app');

  let stopping = false;
  let background: Promise<StartupPhases> | undefined;
  let holdSweeper: ReturnType<typeof startHoldSweeper> | undefined;
  let paymentSweeper: ReturnType<typeof startPeriodic> | undefined;
  let credentialReminders: ReturnType<typeof startPeriodic> | undefined;
  let shiftWatch: ReturnType<typeof startPeriodic> | undefined;
  let enrollmentSweepers: ReturnType<typeof startEnrollmentSweepers> | undefined;
  /**
   * The start-up work that requests do not need to wait for. The job queue first: enqueued jobs
   * wait for it. Then PGlite's planner statistics (no autovacuum there), table by table; until
   * they are refreshed, queries plan with the statistics of the previous start, which are kept in
   * the database. Rejects when the job queue cannot start.
   */
  function afterListening(): Promise<StartupPhases> {
    background ??= (async () => {
      holdSweeper = startHoldSweeper(database.db, deps.clock, logger);
      const done: StartupPhases = {};
      const step = phaseClock(done);
      await jobs.start(() =>
        startPgBossQueue(
          database.connection.kind === 'pglite' ? pgliteBossDb(database.connection.client) : postgresBossDb(database.connection.connectionString),
          createJobHandlers(() => deps),
          logger,
        ),
      );
      step('jobQueue');
      // Payments still in flight (a webhook that never came, a start whose answer was lost, a
      // server that died mid-way) are asked about now and every minute.
      paymentSweeper = startPeriodic('checking payments in flight', () => sweepPaymentsInFlight(deps), PAYMENT_SWEEP_INTERVAL_MS, logger);
      // Guards' licence and clearance reminders: queued now and every hour; each reminder goes once.
      credentialReminders = startPeriodic(
        'queueing credential reminders',
        () => jobs.enqueue('credential-reminders', {}),
        CREDENTIAL_REMINDERS_INTERVAL_MS,
        logger,
      );
      // Shifts: reminders, late alerts, check-out prompts and completion, looked for every half minute
      // on every copy; each notice is claimed once in the database (decision 029).
      shiftWatch = startShiftWatch(deps);
      // Enrolments' unpaid seats: online holds released every minute, cash deadlines checked hourly.
      enrollmentSweepers = startEnrollmentSweepers(deps);
      if (env.SEED_DEMO_DATA) {
        // The demo's certificate needs the file store and the signing key: issued here, once.
        const issued = await issueDemoCertificates(deps).catch((error: unknown) => {
          logger.error({ err: error }, 'the demo certificate could not be issued');
          return 0;
        });
        if (issued > 0) logger.info({ issued }, 'demo certificate issued');
        step('demoCertificates');
      }
      await database.refreshStatistics(() => stopping);
      step('statistics');
      return done;
    })();
    return background;
  }

  /** Lets the background work finish its current step, then stops the queue and the database. */
  async function stop() {
    stopping = true;
    await background?.catch(() => {});
    await holdSweeper?.stop();
    await paymentSweeper?.stop();
    await credentialReminders?.stop();
    await shiftWatch?.stop();
    await enrollmentSweepers?.stop();
    await jobs.stop();
    await database.close();
  }

  return { app, database, jobs, appUrl, dataDir, phases, afterListening, stop };
}
