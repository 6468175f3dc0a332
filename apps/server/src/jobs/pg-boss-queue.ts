import { setImmediate as nextTurn } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../lib/logger.ts';
import { JOB_NAMES, type JobHandlers, type JobName, type JobPayloads, type JobQueue, type JobQueueStatus } from './job-queue.ts';

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

export interface PgBossQueue extends JobQueue {
  stop(): Promise<void>;
}

/** Generic in the name, so each queue's handler is typed with that queue's payload. */
async function work<N extends JobName>(boss: PgBoss, name: N, handlers: JobHandlers, logger: Logger): Promise<void> {
  const handle: (data: JobPayloads[N]) => Promise<void> = handlers[name];
  await boss.createQueue(name);
  await boss.work<JobPayloads[N]>(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (!job) return;
    try {
      await handle(job.data);
    } catch (err) {
      // pg-boss keeps a failed job quietly; say so, then let it retry.
      logger.error({ err, job: name, jobId: job.id, data: job.data }, 'job failed; the queue will retry it');
      throw err;
    }
  });
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
  // clock-skew queries (each one waits its turn on PGlite's single connection).
  const boss = new PgBossClass({ ...connection, schema: 'pgboss', schedule: false });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) await work(boss, name, handlers, logger);
  return {
    async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: { startAfter?: Date } = {}) {
      // A failed job is tried again after 30 s, 1, 2, 4 and 8 minutes: long enough for a provider to recover.
      const retry = { retryLimit: 5, retryDelay: 30, retryBackoff: true };
      await boss.send(name, data as object, options.startAfter ? { ...retry, startAfter: options.startAfter } : retry);
    },
    status: () => 'up',
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}

export interface DeferredJobQueue extends PgBossQueue {
  /** Starts the real queue; jobs enqueued before and during the start are sent once it is up. */
  start(open: () => Promise<PgBossQueue>): Promise<void>;
}

/**
 * A queue the app can use before the real one has started, so the server can listen first and set
 * up pg-boss (schema check, queues, workers) right after. `enqueue` waits for the start and then
 * sends, so a job enqueued in the first moments (a payment's first status re-check) is stored like any other;
 * if the start fails, it rejects and the request fails instead of losing the job.
 */
export function createDeferredJobQueue(): DeferredJobQueue {
  let state: JobQueueStatus = 'starting';
  let starting: Promise<void> | undefined;
  let settle!: { resolve: (queue: PgBossQueue) => void; reject: (err: unknown) => void };
  const ready = new Promise<PgBossQueue>((resolve, reject) => (settle = { resolve, reject }));
  // A failed start is reported by start() itself; waiting enqueues get the rejection too.
  ready.catch(() => {});

  return {
    status: () => state,
    async enqueue(name, data, options) {
      const queue = await ready;
      await queue.enqueue(name, data, options);
    },
    start(open) {
      if (starting) return starting;
      starting = open().then(
        (queue) => {
          state = 'up';
          settle.resolve(queue);
        },
        (err: unknown) => {
          state = 'down';
          settle.reject(err);
          throw err;
        },
      );
      return starting;
    },
    async stop() {
      if (!starting) {
        state = 'down';
        settle.reject(new Error('the job queue was stopped before it started'));
        return;
      }
      await starting.catch(() => {});
      if (state === 'up') await (await ready).stop();
      state = 'down';
    },
  };
}
