/** Test double: keeps enqueued jobs so a test can see them and run them when it chooses. */
import type { JobName, JobPayloads, JobQueue } from '../jobs/job-queue.ts';

export interface RecordedJob {
  name: JobName;
  data: JobPayloads[JobName];
  startAfter: Date | undefined;
}

export interface RecordingJobQueue extends JobQueue {
  jobs: RecordedJob[];
}

export function createRecordingJobQueue(): RecordingJobQueue {
  const jobs: RecordedJob[] = [];
  return {
    jobs,
    enqueue(name, data, options = {}) {
      jobs.push({ name, data, startAfter: options.startAfter });
      return Promise.resolve();
    },
    status: () => 'up',
  };
}
