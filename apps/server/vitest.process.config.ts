import { defineConfig } from 'vitest/config';

/**
 * Tests of the built server as a real process (crashes, restarts, two copies on one database).
 * They need `npm run build` first, so `npm test` runs them after the build, as `test:process`.
 * One file at a time: each starts its own servers and would only compete for the two cores.
 */
export default defineConfig({
  test: {
    name: 'process',
    root: 'apps/server',
    environment: 'node',
    // Two copies of the server need a database server: with TEST_DATABASE_URL only.
    include: ['src/**/*.process.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/two-servers.process.test.ts'],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 120_000,
  },
});
