import { pingDatabase, type Database } from '../../db/client.ts';
import type { JobQueueStatus } from '../../jobs/job-queue.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { engine: 'pglite' | 'postgres'; status: 'up' | 'down' };
  /**
   * The queue is set up just after the server starts listening; while it is 'starting', requests
   * are served and the jobs they enqueue wait for it, so the server is healthy. 'down' is not.
   */
  jobs: { status: JobQueueStatus };
}

export async function checkHealth(db: Database, engine: 'pglite' | 'postgres', jobs: JobQueueStatus): Promise<HealthReport> {
  const up = await pingDatabase(db);
  return { status: up && jobs !== 'down' ? 'ok' : 'degraded', database: { engine, status: up ? 'up' : 'down' }, jobs: { status: jobs } };
}
