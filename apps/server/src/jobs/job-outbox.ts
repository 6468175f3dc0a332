/**
 * The job queue the app uses: each job is a row of `job_outbox`, written by the transaction of the
 * change it follows (or on its own when there is none), so a crash just after a commit loses none
 * of the work that follows it. A relay moves the rows into pg-boss, which runs, retries and shares
 * them between copies of the server. Writing to the outbox needs nothing but the database: jobs can
 * be enqueued before pg-boss has started, and are relayed once it is up.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { jobOutbox } from '../db/schema/jobs.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobName, JobPayloads, JobQueue, JobQueueStatus } from './job-queue.ts';
import type { PgBossQueue, RelayedJob } from './pg-boss-queue.ts';

/** Stores one job in the outbox, through the given transaction or on its own. */
export async function writeJob<N extends JobName>(executor: Executor, name: N, data: JobPayloads[N], startAfter?: Date): Promise<void> {
  await executor.insert(jobOutbox).values({ name, data, startAfter: startAfter ?? null });
}

/** The oldest jobs waiting in the outbox. */
export async function readOutbox(db: Executor, limit: number): Promise<RelayedJob[]> {
  const rows = await db
    .select({ id: jobOutbox.id, name: jobOutbox.name, data: jobOutbox.data, startAfter: jobOutbox.startAfter })
    .from(jobOutbox)
    .orderBy(asc(jobOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, name: row.name as JobName }));
}

export async function deleteFromOutbox(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(jobOutbox).where(inArray(jobOutbox.id, ids));
}

/** How many outbox rows one pass of the relay moves. */
const RELAY_BATCH = 200;
/** An idle relay looks at the outbox this often; a job enqueued here wakes it sooner. */
const RELAY_POLL_MS = 1000;
/** A wake-up waits this long, so that the transaction that wrote the job has committed. */
const RELAY_WAKE_DELAY_MS = 20;

/**
 * Moves outbox rows into pg-boss: insert (the row's id becomes the job's id, so a row moved twice,
 * by two servers or after a crash between the two steps, is queued once), then delete. Returns how
 * many rows it moved.
 */
export async function relayOnce(db: Database, queue: Pick<PgBossQueue, 'insert'>, limit = RELAY_BATCH): Promise<number> {
  const jobs = await readOutbox(db, limit);
  if (jobs.length === 0) return 0;
  await queue.insert(jobs);
  await deleteFromOutbox(
    db,
    jobs.map((job) => job.id),
  );
  return jobs.length;
}

export interface OutboxJobQueue extends JobQueue {
  /** Starts pg-boss and the relay; jobs written before are relayed once it is up. */
  start(open: () => Promise<PgBossQueue>): Promise<void>;
  stop(): Promise<void>;
}

export function createOutboxJobQueue(db: Database, logger: Logger): OutboxJobQueue {
  let state: JobQueueStatus = 'starting';
  let starting: Promise<void> | undefined;
  let queue: PgBossQueue | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function schedule(ms: number) {
    if (stopped || !queue) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  /** One pass after another while there is work; then wait for the next poll or wake-up. */
  function run() {
    timer = undefined;
    if (running || !queue) {
      schedule(RELAY_WAKE_DELAY_MS);
      return;
    }
    const q = queue;
    running = (async () => {
      let moved = 0;
      try {
        moved = await relayOnce(db, q);
      } catch (err) {
        logger.error({ err }, 'moving jobs from the outbox to the queue failed; trying again');
      } finally {
        running = undefined;
        schedule(moved === RELAY_BATCH ? 0 : RELAY_POLL_MS);
      }
    })();
  }

  return {
    status: () => state,
    async enqueue(name, data, options = {}) {
      await writeJob(options.tx ?? db, name, data, options.startAfter);
      schedule(RELAY_WAKE_DELAY_MS);
    },
    start(open) {
      starting ??= open().then(
        (opened) => {
          queue = opened;
          state = 'up';
          if (stopped) return;
          run();
        },
        (err: unknown) => {
          state = 'down';
          throw err;
        },
      );
      return starting;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await starting?.catch(() => {});
      await running;
      await queue?.stop();
      state = 'down';
    },
  };
}
