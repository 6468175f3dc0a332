import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One server for the whole run, on its own port and its own fresh data directory, so journeys can
// read the e-mails it writes to the outbox. Workers inherit these variables.
process.env.E2E_PORT ??= '3210';
process.env.E2E_DATA_DIR ??= join(tmpdir(), `ops-e2e-${Date.now()}`);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node apps/server/dist/index.js',
    cwd: '../..',
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_RATE_LIMIT: 'false',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: './apps/web/dist',
    },
  },
});
