import { setImmediate as nextTurn } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../lib/logger.ts';
import { JOB_NAMES, type JobHandlers, type JobName, type JobPayloads } from './job-queue.ts';

interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
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
async function work<N extends JobName>(boss: PgBoss, name: N, handlers: JobHandlers, logger: Logger): Promise<string> {
  const handle: (data: JobPayloads[N]) => Promise<void> = handlers[name];
  await boss.createQueue(name);
  let workerId = '';
  workerId = await boss.work<JobPayloads[N]>(name, { batchSize: JOB_BATCH_SIZE, pollingIntervalSeconds: POLL_SECONDS }, async (jobs) => {
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
  });
  return workerId;
}

export async function startPgBossQueue(
  connection: { connectionString: string } | { db: BossDb },
  handlers: JobHandlers,
  logger: Logger,
): Promise<PgBossQueue> {
  // Loaded here rather than at the top: the queue starts after the server listens, and setting up
  // pg-boss's module (its SQL plans, cron parser and date library) is then off the start-up path.
  const { default: PgBossClass } = await import('pg-boss');
  // No cron schedules are used: without the clock keeper pg-boss skips its extra queue, worker and
  // clock-skew queries (each one waits its turn on PGlite's single connection). Maintenance (which
  // retries the jobs of a server that died) runs every 15 s.
  const boss = new PgBossClass({ ...connection, schema: 'pgboss', schedule: false, maintenanceIntervalSeconds: 15 });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  const workers = new Map<JobName, string>();
  for (const name of JOB_NAMES) workers.set(name, await work(boss, name, handlers, logger));
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
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
