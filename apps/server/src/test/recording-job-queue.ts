/**
 * The tests' job queue: jobs are written to the real outbox table (in the transaction of the change
 * when there is one, exactly as in the running app), and stay there until a test runs or reads them.
 * Nothing relays them to pg-boss, so a test decides when each job runs.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobOutbox } from '../db/schema/jobs.ts';
import { deleteFromOutbox, writeJob } from '../jobs/job-outbox.ts';
import type { JobName, JobPayloads, JobQueue } from '../jobs/job-queue.ts';

export interface RecordedJob {
  id: string;
  name: JobName;
  data: JobPayloads[JobName];
  startAfter: Date | undefined;
}

export interface RecordingJobQueue extends JobQueue {
  /** The jobs waiting in the outbox, oldest first (only committed ones). */
  pending(name?: JobName): Promise<RecordedJob[]>;
  /** Removes the waiting jobs of this name from the outbox and returns them, oldest first. */
  take(name: JobName): Promise<RecordedJob[]>;
}

export function createRecordingJobQueue(db: Database): RecordingJobQueue {
  async function pending(name?: JobName): Promise<RecordedJob[]> {
    const rows = await db
      .select()
      .from(jobOutbox)
      .where(name ? eq(jobOutbox.name, name) : undefined)
      .orderBy(asc(jobOutbox.createdAt));
    return rows.map((row) => ({ id: row.id, name: row.name as JobName, data: row.data as JobPayloads[JobName], startAfter: row.startAfter ?? undefined }));
  }
  return {
    async enqueue(name, data, options = {}) {
      await writeJob(options.tx ?? db, name, data, options.startAfter);
    },
    status: () => 'up',
    pending,
    async take(name) {
      const jobs = await pending(name);
      await deleteFromOutbox(
        db,
        jobs.map((job) => job.id),
      );
      return jobs;
    },
  };
}
