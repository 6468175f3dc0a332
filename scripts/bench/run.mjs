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

const API_BUDGET = { ratio: 0.7, p99Factor: 2, p99At10: 25, bookingP99At10: 50, consoleP99At10: 50, growth: 0.8 };
const LABELS = {
  list: 'guard list, first page of 24',
  listFiltered: 'guard list, filtered + sorted',
  profile: 'guard profile + its reviews',
  dashboard: "client's dashboard (stats + recent)",
  booking: 'booking creation (full service)',
  signIn: 'sign-in (bounded by the password hash)',
  adminOverview: 'console overview (figures, weeks, attention)',
  adminGuards: 'console guard table, first page of 25',
  adminGuardsSearch: 'console guard table, name search',
  adminClientsSearch: 'console client table, name search',
  adminBookings: 'console bookings table, first page',
  adminBookingsFiltered: 'console bookings, status+payment+dates',
  adminBookingsSearch: "console bookings, client's name",
  adminPayments: 'console payments table, first page',
  adminPaymentsFiltered: 'console payments, method+status+dates',
  adminPaymentsSearch: "console payments, client's name",
  adminPaymentsSummary: 'console payments summary, this month',
  certificateVerify: 'certificate verification, random of 20,000',
};
const CEILING_LABELS = { booking: 'bare INSERT', certificateVerify: 'bare SELECT' };

const pad = (v, n) => String(v).padEnd(n);
const lpad = (v, n) => String(v).padStart(n);
const thousands = (n) => Math.round(n).toLocaleString('en-US');

function build() {
  console.log('== building the production app');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const signInRows = [];
function printApi(engine, result, budgets) {
  const { rows, explain, scales } = result;
  signInRows.push(...rows.filter((r) => r.scale === 'full' && r.name === 'signIn').map((r) => ({ ...r, engine: engine.kind })));
  const full = scales.full;
  console.log(
    `\nAPI on ${engine.title}: ${thousands(full.guards)} guards, ${thousands(full.bookings)} bookings, ${thousands(full.reviews)} reviews; ` +
      `${seconds} s per run after ${warmupSeconds} s warm-up; median of ${rounds} round(s), app and ceiling alternating; load from a separate process`,
  );
  console.log(
    `${pad('scenario', 40)}${lpad('conns', 6)}${lpad('req/s', 8)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${lpad('errors', 8)}${lpad('non-2xx', 8)}   ` +
      `${pad('ceiling', 12)}${lpad('req/s', 7)}${lpad('p99 ms', 8)}${lpad('ratio', 7)}`,
  );
  const find = (scale, name, connections) => rows.find((r) => r.scale === scale && r.name === name && r.connections === connections);
  for (const row of rows.filter((r) => r.scale === 'full')) {
    const ceiling = find('ceiling', row.name, row.connections);
    const ratio = ceiling ? (row.reqPerSec / ceiling.reqPerSec).toFixed(2) : '';
    console.log(
      `${pad(LABELS[row.name], 40)}${lpad(row.connections, 6)}${lpad(thousands(row.reqPerSec), 8)}${lpad(row.p50, 8)}${lpad(row.p99, 8)}${lpad(row.errors, 8)}${lpad(row.non2xx, 8)}   ` +
        (ceiling
          ? `${pad(CEILING_LABELS[row.name] ?? 'bare http+' + (engine.kind === 'postgres' ? 'pg' : 'pglite'), 12)}${lpad(thousands(ceiling.reqPerSec), 7)}${lpad(ceiling.p99, 8)}${lpad(ratio, 7)}`
          : ''),
    );
  }
  const small = scales.small;
  if (small)
    console.log(
      `\nAt ${thousands(small.guards)} guards / ${thousands(small.bookings)} bookings / ${thousands(small.reviews)} reviews (10× fewer) vs the full size, 50 connections:`,
    );
  for (const name of ['list', 'dashboard']) {
    const s = find('small', name, 50);
    const f = find('full', name, 50);
    if (!s || !f) continue;
    const kept = f.reqPerSec / s.reqPerSec;
    console.log(
      `  ${pad(LABELS[name], 40)} ${lpad(thousands(s.reqPerSec), 6)} req/s p99 ${lpad(s.p99, 4)} ms  →  ${lpad(thousands(f.reqPerSec), 6)} req/s p99 ${lpad(f.p99, 4)} ms  (${(kept * 100).toFixed(0)}% kept)`,
    );
    budgets.push({
      engine: engine.kind,
      budget: `${name}: no slower with 10× the rows (req/s kept ≥ ${API_BUDGET.growth * 100}%)`,
      value: `${(kept * 100).toFixed(0)}%`,
      pass: kept >= API_BUDGET.growth,
      enforced: engine.kind === 'postgres',
    });
  }
  console.log('\nEXPLAIN of each statement the screens run (full size): sequential scans of big tables');
  for (const [screen, plans] of Object.entries(explain)) {
    const scans = plans.flatMap((p) => p.seqScans.map((table) => `${table} (statement ${p.statement})`));
    console.log(`  ${pad(screen, 14)} ${plans.length} statement(s): ${scans.length ? scans.join(', ') : 'none'}`);
    budgets.push({
      engine: engine.kind,
      budget: `EXPLAIN ${screen}: no sequential scan on a big table`,
      value: scans.join(', ') || 'none',
      pass: scans.length === 0,
      enforced: true,
    });
  }

  for (const row of rows) {
    budgets.push({
      engine: engine.kind,
      budget: `${row.scale === 'ceiling' ? `ceiling: ${CEILING_LABELS[row.name] ?? LABELS[row.name]}` : `${row.scale === 'small' ? '10× fewer rows: ' : ''}${LABELS[row.name]}`} @${row.connections}: errors and non-2xx`,
      value: `${row.errors} / ${row.non2xx}`,
      pass: row.errors === 0 && row.non2xx === 0,
      enforced: true,
    });
  }
  const enforced = engine.kind === 'postgres';
  const verify = find('full', 'certificateVerify', 50);
  if (verify) {
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS.certificateVerify} @50: p99 ≤ ${API_BUDGET.p99At10} ms`,
      value: `${verify.p99} ms (p50 ${verify.p50} ms)`,
      pass: verify.p99 <= API_BUDGET.p99At10,
      enforced,
    });
  }
  // Every read the ceiling runs too: what the product adds to its statements costs at most 30%.
  for (const name of ['list', 'listFiltered', 'profile', 'dashboard', 'certificateVerify']) {
    const app = find('full', name, 50);
    const ceiling = find('ceiling', name, 50);
    if (!app || !ceiling) continue;
    const ratio = app.reqPerSec / ceiling.reqPerSec;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @50: req/s ≥ ${API_BUDGET.ratio} × ceiling`,
      value: ratio.toFixed(2),
      pass: ratio >= API_BUDGET.ratio,
      enforced,
    });
    if (name === 'dashboard') continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @50: p99 ≤ ${API_BUDGET.p99Factor} × ceiling's (${ceiling.p99} ms)`,
      value: `${app.p99} ms`,
      pass: app.p99 <= API_BUDGET.p99Factor * ceiling.p99,
      enforced,
    });
  }
  for (const name of ['list', 'profile']) {
    const app = find('full', name, 10);
    if (!app) continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @10: p99 ≤ ${API_BUDGET.p99At10} ms`,
      value: `${app.p99} ms`,
      pass: app.p99 <= API_BUDGET.p99At10,
      enforced,
    });
  }
  const booking = find('full', 'booking', 10);
  if (booking) {
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS.booking} @10: p99 ≤ ${API_BUDGET.bookingP99At10} ms`,
      value: `${booking.p99} ms`,
      pass: booking.p99 <= API_BUDGET.bookingP99At10,
      enforced,
    });
  }
  for (const name of Object.keys(LABELS).filter((n) => n.startsWith('admin'))) {
    const app = find('full', name, 10);
    if (!app) continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @10: p99 ≤ ${API_BUDGET.consoleP99At10} ms`,
      value: `${app.p99} ms (p50 ${app.p50} ms)`,
      pass: app.p99 <= API_BUDGET.consoleP99At10,
      enforced,
    });
  }
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
        printApi(engine, await benchApi(engine, { seconds, warmupSeconds, rounds, scenarios }), budgets);
      } finally {
        pg.stop();
      }
    } else {
      const engine = { kind, title: 'PGlite (in-process, one query at a time)' };
      console.log(`\n== API on ${engine.title}`);
      printApi(engine, await benchApi(engine, { seconds, warmupSeconds, rounds, scenarios }), budgets);
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
