import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../lib/logger.ts';
import { JOB_NAMES, type JobHandlers, type JobName, type JobPayloads, type JobQueue } from './job-queue.ts';

interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * pg-boss on PGlite: its set-up scripts are several statements in one string, which PGlite runs
 * with exec (no parameters); everything else goes through query.
 */
export function pgliteBossDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
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
  const boss = new PgBoss({ ...connection, schema: 'pgboss' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) await work(boss, name, handlers, logger);
  return {
    async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: { startAfter?: Date } = {}) {
      // A failed job is tried again after 30 s, 1, 2, 4 and 8 minutes: long enough for a provider to recover.
      const retry = { retryLimit: 5, retryDelay: 30, retryBackoff: true };
      await boss.send(name, data as object, options.startAfter ? { ...retry, startAfter: options.startAfter } : retry);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
