// Start-up time of the built app: from spawning `npm start` to `GET /api/health` answering 200
// (database up). Budget: median ≤ 3000 ms on PGlite with an already seeded data directory.
//
//   node scripts/bench/startup.mjs [--runs 5] [--data-dir DIR] [--phases]
//
// --phases runs the server with LOG_LEVEL=debug and prints the median time of each start-up step
// from its 'start-up phases' log lines (see apps/server/src/bootstrap.ts).
// Needs an already built app (`npm run build`): `npm start` rebuilds when a source is newer than
// the build, and a build inside the timing would measure the build, not the start. DATABASE_URL in
// the environment times the start on PostgreSQL instead (the data dir then holds only the outbox
// and the generated auth secret).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUDGET_MS = 3000;
const POLL_MS = 25;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Spawns `npm start`, waits for a healthy server and stops it. Returns ms from spawn to healthy.
 * The whole process group is signalled so npm and the server it started both go.
 */
async function startOnce({ dataDir, timeoutMs, env, logTo }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(npm, ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (logTo) logTo.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let exitedEarly = null;
  void exited.then((e) => (exitedEarly = e));

  let elapsed = null;
  while (performance.now() - started < timeoutMs && !exitedEarly) {
    if (await healthy(port)) {
      elapsed = performance.now() - started;
      break;
    }
    await sleep(POLL_MS);
  }
  if (!exitedEarly) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const stopped = await Promise.race([exited, sleep(15_000).then(() => null)]);
    if (!stopped) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  }
  if (elapsed === null) {
    const why = exitedEarly ? `exited (${exitedEarly.code ?? exitedEarly.signal})` : `not healthy within ${timeoutMs} ms`;
    throw new Error(`npm start ${why}; its output:\n${output.slice(-4000)}`);
  }
  return { ms: elapsed, output };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Refuses to start without a build. (`npm run build` leaves no build marker, so the first, untimed
 * start may rebuild once; a timed start that rebuilds is an error.)
 */
function assertBuilt() {
  const missing = ['apps/server/dist/index.js', 'apps/web/dist/index.html'].filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new Error(`build first (npm run build, or npm start once): missing ${missing.join(', ')}`);
}

/** The server's debug lines with the milliseconds of each start-up step, merged into one object. */
function phasesOf(output) {
  const phases = {};
  for (const line of output.split('\n')) {
    if (!line.includes('phasesMs')) continue;
    try {
      const { msg, phasesMs } = JSON.parse(line);
      const prefix = msg.includes('background') ? 'after listening: ' : '';
      for (const [name, ms] of Object.entries(phasesMs)) phases[prefix + name] = ms;
    } catch {
      // not a log line
    }
  }
  return phases;
}

/**
 * @param {{ runs?: number, dataDir: string, env?: Record<string, string>, timeoutMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ medianMs: number, samplesMs: number[], pass: boolean, phasesMs: Record<string, number> }>}
 *   phasesMs: median of each start-up step, when the server logs them (LOG_LEVEL=debug in env)
 */
export async function measureStartup({ runs = 5, dataDir, env = {}, timeoutMs = 120_000, log = () => {} }) {
  if (!dataDir) throw new Error('measureStartup needs a dataDir');
  assertBuilt();
  const dir = resolve(dataDir);
  // The first start creates the database, applies the migrations and loads the demo data; it is
  // not timed (the budget is for a start on an existing, seeded data directory).
  const first = await startOnce({ dataDir: dir, timeoutMs, env });
  if (/Building the app/.test(first.output)) log('note: npm start rebuilt the app first (sources newer than the build)');
  log(`data dir ready (${Math.round(first.ms)} ms for the first start)`);
  const samplesMs = [];
  const phaseSamples = {};
  for (let i = 0; i < runs; i++) {
    const { ms, output } = await startOnce({ dataDir: dir, timeoutMs, env });
    if (/Building the app/.test(output)) throw new Error('npm start rebuilt the app during a timed run; build first');
    samplesMs.push(Math.round(ms));
    for (const [name, value] of Object.entries(phasesOf(output))) (phaseSamples[name] ??= []).push(value);
    log(`run ${i + 1}/${runs}: ${Math.round(ms)} ms`);
  }
  const medianMs = median(samplesMs);
  const phasesMs = Object.fromEntries(Object.entries(phaseSamples).map(([name, values]) => [name, median(values)]));
  return { medianMs, samplesMs, pass: medianMs <= BUDGET_MS, phasesMs };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? 5);
  const env = args.includes('--phases') ? { LOG_LEVEL: 'debug' } : {};
  const given = option('--data-dir');
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'ops-startup-'));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`start-up on ${engine}, ${runs} runs, data in ${dataDir}`);
  try {
    const result = await measureStartup({ runs, dataDir, env, log: (line) => console.log(`  ${line}`) });
    console.log(`samples (ms): ${result.samplesMs.join(', ')}`);
    if (Object.keys(result.phasesMs).length > 0) {
      console.log('median of each step (ms; up to "listen" counted from the process start, then from the listen):');
      for (const [name, ms] of Object.entries(result.phasesMs)) console.log(`  ${name}: ${ms}`);
    }
    console.log(`median: ${result.medianMs} ms (budget ${BUDGET_MS} ms) ${result.pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = result.pass ? 0 : 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  } finally {
    if (!given && existsSync(dataDir) && statSync(dataDir).isDirectory()) rmSync(dataDir, { recursive: true, force: true });
  }
}
