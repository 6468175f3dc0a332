// `npm run bench`: builds the production app, measures the API on a throwaway PostgreSQL and on
// PGlite against a bare ceiling, the web app's weight and Lighthouse scores, and the start-up time,
// then prints the figures and PASS/FAIL against each budget. Exit code 1 when a budget fails.
//
//   npm run bench                         everything (about 35 minutes on 2 cores)
//   npm run bench -- --only api           only the API (also: jobs, web, startup, certificates)
//   npm run bench -- --engines postgres   one engine (postgres, pglite)
//   npm run bench -- --seconds 5          shorter load runs (default 10 s after a 3 s warm-up)
//   npm run bench -- --rounds 1           rounds per scenario, alternating app and ceiling (default 3; median)
//   npm run bench -- --skip-build         use the app already built in apps/server/dist
//   npm run bench -- --only api --scenarios adminOverview,adminGuards,adminGuardsSearch
//                                         only these API scenarios (names as in api.mjs's planFor)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi, hashesPerSecond } from './api.mjs';
import { API_BUDGET, LABELS, pad, printApi, signInRows } from './api-report.mjs';
import { benchCertificates, CERTIFICATE_BUDGET_MS } from './certificates.mjs';
import { benchJobs, JOBS_BUDGET_MS } from './jobs.mjs';
import { freePort, startPostgres } from './pg.mjs';
import { measureStartup } from './startup.mjs';
import { measureWeb, printWebReport } from './web.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const only = option('only', 'api,jobs,web,startup,certificates').split(',');
const engines = option('engines', 'postgres,pglite').split(',');
const seconds = Number(option('seconds', 10));
const warmupSeconds = Math.min(3, seconds);
const rounds = Number(option('rounds', 3));
const scenarios = option('scenarios', '') ? option('scenarios', '').split(',') : null;

function build() {
  console.log('== building the production app');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function webBudgets(budgets) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), APP_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i += 1) {
      if (app.exitCode !== null) throw new Error('the app exited before answering');
      if (i > 1200) throw new Error('the app did not start in 60 s');
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log('\n== web: weight, serving and Lighthouse (demo data on PGlite)');
    const result = await measureWeb({ baseUrl });
    printWebReport(result);
    for (const b of result.budgets) budgets.push({ engine: 'web', budget: b.budget, value: b.value, pass: b.pass, enforced: true });
  } finally {
    await new Promise((resolve) => {
      if (app.exitCode !== null) return resolve();
      app.once('exit', resolve);
      app.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startupBudget(budgets) {
  console.log('\n== start-up: npm start on a built app with a seeded PGlite data directory, to a healthy server');
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-startup-'));
  try {
    const result = await measureStartup({ runs: 5, dataDir, log: (line) => console.log(`  ${line}`) });
    console.log(`  samples (ms): ${result.samplesMs.join(', ')}; median ${result.medianMs} ms`);
    budgets.push({
      engine: 'start-up',
      budget: 'npm start → healthy on PGlite (median of 5) ≤ 3000 ms',
      value: `${result.medianMs} ms`,
      pass: result.pass,
      enforced: true,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const budgets = [];
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
// Certificate PDFs are rendered from the server's source: they alone need no build.
if (!args.includes('--skip-build') && only.some((group) => group !== 'certificates')) build();

if (only.includes('api')) {
  for (const kind of engines) {
    if (kind === 'postgres') {
      const pg = await startPostgres();
      try {
        const pgClient = new (await import('pg')).default.Client({ connectionString: pg.url() });
        await pgClient.connect();
        const version = (await pgClient.query('show server_version')).rows[0].server_version;
        await pgClient.end();
        const engine = { kind, title: `PostgreSQL ${version} (throwaway server, default durability)`, createDatabase: pg.createDatabase };
        console.log(`\n== API on ${engine.title}`);
        printApi(engine, await benchApi(engine, { seconds, warmupSeconds, rounds, scenarios }), budgets, { seconds, warmupSeconds, rounds });
      } finally {
        pg.stop();
      }
    } else {
      const engine = { kind, title: 'PGlite (in-process, one query at a time)' };
      console.log(`\n== API on ${engine.title}`);
      printApi(engine, await benchApi(engine, { seconds, warmupSeconds, rounds, scenarios }), budgets, { seconds, warmupSeconds, rounds });
    }
  }
  const rate = await hashesPerSecond();
  const cores = Math.min(availableParallelism(), 3);
  const allCores = await hashesPerSecond(cores);
  console.log(
    `\nPassword hashes (scrypt, as Better Auth signs in): ${rate.toFixed(1)} per second on one core of this machine, ${allCores.toFixed(1)} on ${cores} at once`,
  );
  // Sign-in hashes one password per core at a time (modules/auth/password-hash.ts): the hash alone is its ceiling.
  for (const row of signInRows) {
    budgets.push({
      engine: row.engine,
      budget: `${LABELS.signIn} @${row.connections}: req/s vs the hash alone on ${cores} cores (${allCores.toFixed(1)}/s)`,
      value: `${(row.reqPerSec / allCores).toFixed(2)} (${row.reqPerSec.toFixed(1)} req/s, p50 ${row.p50} ms)`,
      pass: row.reqPerSec >= API_BUDGET.ratio * allCores,
      enforced: false,
    });
  }
}
if (only.includes('jobs')) {
  console.log('\n== jobs: 300 bookings paid in the sandbox, then how long until each confirmation e-mail is in the outbox');
  for (const kind of engines) {
    const pg = kind === 'postgres' ? await startPostgres() : null;
    try {
      const databaseUrl = pg ? await pg.createDatabase('ops_bench_jobs') : undefined;
      const result = await benchJobs({ payments: 300, databaseUrl, log: (line) => console.log(`  ${kind}: ${line}`) });
      budgets.push({
        engine: kind,
        budget: `300 payments: every confirmation e-mailed within ${JOBS_BUDGET_MS / 1000} s of its payment`,
        value: `${result.emailed}/${result.payments}, max ${result.maxMs} ms`,
        pass: result.pass,
        enforced: true,
      });
    } finally {
      pg?.stop();
    }
  }
}
if (only.includes('web')) await webBudgets(budgets);
if (only.includes('startup')) await startupBudget(budgets);
if (only.includes('certificates')) {
  console.log('\n== certificates: 200 certificate PDFs (A4, QR code) rendered one after another in this process');
  const result = await benchCertificates({ count: 200, log: (line) => console.log(`  ${line}`) });
  budgets.push({
    engine: 'pdf',
    budget: `one certificate PDF: p99 ≤ ${CERTIFICATE_BUDGET_MS} ms (p50, max)`,
    value: `${result.p99} ms (p50 ${result.p50} ms, max ${result.max} ms)`,
    pass: result.p99 <= CERTIFICATE_BUDGET_MS,
    enforced: true,
  });
}

console.log('\nBudgets');
for (const b of budgets) {
  const verdict = b.enforced ? (b.pass ? 'PASS' : 'FAIL') : b.pass ? 'info' : 'info (over)';
  console.log(`  ${pad(verdict, 12)}${pad(b.engine, 10)}${pad(b.budget, 78)} ${b.value}`);
}
const failed = budgets.filter((b) => b.enforced && !b.pass);
console.log(`\n${failed.length === 0 ? 'PASS' : `FAIL (${failed.length})`}: ${budgets.filter((b) => b.enforced).length} budgets checked`);
process.exitCode = failed.length === 0 ? 0 : 1;
