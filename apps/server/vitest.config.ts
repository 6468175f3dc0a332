import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The built server as a process: run after the build by `npm run test:process`.
    exclude: ['src/**/*.process.test.ts'],
    setupFiles: ['../../vitest.fail-on-console.ts'],
    // The test databases' template, migrated once for the whole run rather than in every file.
    globalSetup: ['src/test/template-database.global-setup.ts'],
    // Files share a worker's modules instead of importing the whole server again for each file (about
    // 2 s of every file's time). Tests share no state through modules: each builds its own app,
    // database, mailer and queue (test-app.ts), and nothing is mocked at module level (no vi.mock).
    isolate: false,
    // Each test gets its own database; password hashing makes sign-in tests take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
