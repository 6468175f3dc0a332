import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { JOB_NAMES, type JobHandlers, type JobName, type JobPayloads } from './job-queue.ts';

/** The database as pg-boss uses it; `close` is called once the queue has stopped touching it. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  close?(): Promise<void>;
}

/**
 * pg-boss on PGlite: its set-up scripts are several statements in one string, which PGlite runs
 * with exec (no parameters); everything else goes through query. PGlite runs a query on this
 * thread and its promises chain on without a pause, so each of the queue's queries first lets the
 * event loop take waiting requests: its start-up and polling never hold requests back for long.
 */
export function pgliteBossDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      await nextTurn();
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/** pg-boss on PostgreSQL: a small pool of its own, closed when the queue stops. */
export function postgresBossDb(connectionString: string): BossDb {
  const pool = new pg.Pool({ connectionString, max: 10, application_name: 'pgboss' });
  // As for the app's pool: a connection the server drops is replaced on the next query.
  pool.on('error', () => {});
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows as unknown[], rowCount: result.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}

/**
 * What the queue still has going: its statements and its handlers' batches. pg-boss does not wait
 * for all of it when it stops: it records a finished batch as completed (or failed) without
 * awaiting that statement, and a batch fetched just as it stops still runs. Closing the database
 * under them lost the record (the job ran again later) and failed with nobody to hear it.
 */
function inFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      pending.add(work);
      const forget = () => pending.delete(work);
      work.then(forget, forget);
      return work;
    },
    /** Resolves once nothing is left, checked again on a later turn; gives up after `limitMs`. */
    async settled(limitMs: number): Promise<void> {
      const deadline = Date.now() + limitMs;
      while (Date.now() < deadline) {
        if (pending.size > 0) {
          await Promise.race([Promise.allSettled([...pending]), sleep(Math.max(0, deadline - Date.now()), undefined, { ref: false })]);
          continue;
        }
        await nextTurn();
        if (pending.size === 0) return;
      }
    },
  };
}

/**
 * How long stopping waits for jobs still running: longer than any handler needs (the providers'
 * own time limits are 10–15 s), so a job that finishes is recorded as done rather than run again.
 */
const STOP_WAIT_MS = 20_000;

/** A job as the outbox relay hands it to pg-boss: the outbox row's id becomes the job's id. */
export interface RelayedJob {
  id: string;
  name: JobName;
  data: unknown;
  startAfter: Date | null;
}

export interface PgBossQueue {
  /** Stores the jobs; a job whose id is already queued is not queued again. */
  insert(jobs: RelayedJob[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How much each worker takes at once. Jobs of a batch run side by side: most of their time is spent
 * waiting for a provider (SMTP, SMS, IntaSend), not on this machine's CPU.
 */
export const JOB_BATCH_SIZE = 25;
/** How often an idle worker looks for due jobs (relayed jobs wake it at once). */
const POLL_SECONDS = 1;
/**
 * A job still running after this is taken for lost (its server died) and run again; no handler
 * needs this long (the providers' own time limits are 10–15 s).
 */
const EXPIRE_SECONDS = 60;
/** A failed job is tried again after 30 s, 1, 2, 4 and 8 minutes: long enough for a provider to recover. */
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/**
 * One worker per queue taking batches. A job that fails is failed on its own (so pg-boss retries
 * it) and the rest of its batch completes; a full batch fetches the next one without waiting.
 */
async function work<N extends JobName>(
  boss: PgBoss,
  name: N,
  handlers: JobHandlers,
  logger: Logger,
  track: <T>(work: Promise<T>) => Promise<T>,
): Promise<string> {
  const handle: (data: JobPayloads[N]) => Promise<void> = handlers[name];
  await boss.createQueue(name);
  let workerId = '';
  workerId = await boss.work<JobPayloads[N]>(name, { batchSize: JOB_BATCH_SIZE, pollingIntervalSeconds: POLL_SECONDS }, (jobs) => track(runBatch(jobs)));
  async function runBatch(jobs: PgBoss.Job<JobPayloads[N]>[]) {
    const results = await Promise.allSettled(jobs.map((job) => handle(job.data)));
    for (const [i, result] of results.entries()) {
      if (result.status !== 'rejected') continue;
      const job = jobs[i]!;
      // pg-boss keeps a failed job quietly; say so, then let it retry (failed alone, not its batch).
      logger.error({ err: result.reason, job: name, jobId: job.id, data: job.data }, 'job failed; the queue will retry it');
      const reason: unknown = result.reason;
      await boss.fail(name, job.id, { message: reason instanceof Error ? reason.message : String(reason) });
    }
    // The ones that did not fail are completed by pg-boss when this returns.
    if (jobs.length === JOB_BATCH_SIZE) boss.notifyWorker(workerId);
  }
  return workerId;
}

export async function startPgBossQueue(db: BossDb, handlers: JobHandlers, logger: Logger): Promise<PgBossQueue> {
  // Loaded here rather than at the top: the queue starts after the server listens, and setting up
  // pg-boss's module (its SQL plans, cron parser and date library) is then off the start-up path.
  const { default: PgBossClass } = await import('pg-boss');
  // No cron schedules are used: without the clock keeper pg-boss skips its extra queue, worker and
  // clock-skew queries (each one waits its turn on PGlite's single connection). Maintenance (which
  // retries the jobs of a server that died) runs every 15 s.
  const running = inFlight();
  const trackedDb = { executeSql: (text: string, values?: unknown[]) => running.track(db.executeSql(text, values)) };
  const boss = new PgBossClass({ db: trackedDb, schema: 'pgboss', schedule: false, maintenanceIntervalSeconds: 15 });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const workers = new Map<JobName, string>();
  try {
    await boss.start();
    for (const name of JOB_NAMES) workers.set(name, await work(boss, name, handlers, logger, (w) => running.track(w)));
  } catch (err) {
    await boss.stop({ graceful: false }).catch(() => {});
    await db.close?.().catch(() => {});
    throw err;
  }
  return {
    async insert(jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({
          id: job.id,
          name: job.name,
          data: job.data as object,
          ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
          expireInSeconds: EXPIRE_SECONDS,
          ...RETRY,
        })),
      );
      // Due now: wake their workers rather than wait for the next poll.
      const now = Date.now();
      for (const name of new Set(jobs.filter((j) => !j.startAfter || j.startAfter.getTime() <= now).map((j) => j.name))) {
        const id = workers.get(name);
        if (id) boss.notifyWorker(id);
      }
    },
    async stop() {
      // pg-boss stops fetching and waits for the jobs it knows to be running; then whatever it
      // left going (the record of the last batch, a batch fetched meanwhile) is waited for too.
      const started = Date.now();
      await boss.stop({ graceful: true, timeout: STOP_WAIT_MS });
      await running.settled(Math.max(1000, STOP_WAIT_MS - (Date.now() - started)));
      await db.close?.();
    },
  };
}
