/**
 * A server of its own for the shift journeys, whose clock the journey can run forward
 * (CLOCK_OFFSET_FILE): reminders, late alerts and completion happen hours after a booking is paid,
 * and moving the shared server's clock would move it under every other journey too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ShiftServer {
  origin: string;
  dataDir: string;
  /** Runs the server's clock so that it reads `instant` now (and keeps running from there). */
  setNow(instant: Date): void;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../../..');

export async function startShiftServer(port: number): Promise<ShiftServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-e2e-shift-'));
  const clockFile = join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: './apps/web/dist',
      CLOCK_OFFSET_FILE: clockFile,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shift server stopped with code ${child.exitCode}`);
    const up = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('the shift server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    dataDir,
    setNow(instant) {
      writeFileSync(clockFile, String(instant.getTime() - Date.now()));
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
