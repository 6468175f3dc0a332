import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/web/vitest.isolated.config.ts'],
    // Vitest runs one file at a time on a 2-core machine by default (cores − 1 workers), leaving the
    // second core mostly idle: its main process only collects results. Two workers there halve the
    // wall time; bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
