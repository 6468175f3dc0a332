// Job throughput: 300 bookings paid in the sandbox through the built server, as fast as the demo
// clients can pay them, and how long after each payment its confirmation e-mail is in the outbox.
// Budget: every one of them e-mailed within 60 s of its payment.
//
//   node scripts/bench/jobs.mjs [--payments 300] [--database-url postgres://…]
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const JOBS_BUDGET_MS = 60_000;
const CLIENTS = [
  ['client@example.co.ke', 'Client#2026!'],
  ['company@example.co.ke', 'Company#2026!'],
  ['student@example.co.ke', 'Student#2026!'],
];

/** A cookie jar and our Origin, as the app's own page in a browser. */
function browser(base) {
  const cookies = new Map();
  return async function request(path, { json, form } = {}) {
    const headers = { origin: base };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body;
    if (json !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(json)];
    if (form) [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(form).toString()];
    const res = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return res;
  };
}

const nairobiDate = (days) => new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function benchJobs({ payments = 300, databaseUrl, log = console.log } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-jobs-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'false',
      WEB_DIST_DIR: '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i += 1) {
      if (app.exitCode !== null) throw new Error('the app exited before answering');
      if (i > 1200) throw new Error('the app did not start in 60 s');
      const health = await fetch(`${base}/api/health`).then(
        (r) => r.json(),
        () => null,
      );
      if (health?.jobs?.status === 'up') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const clients = [];
    for (const [email, password] of CLIENTS) {
      const request = browser(base);
      const res = await request('/api/auth/sign-in/email', { json: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
      clients.push(request);
    }

    // Each client pays its bookings one after another (a client may hold only a few unpaid ones).
    const paidAt = new Map();
    let next = 0;
    let refused = 0;
    const started = Date.now();
    await Promise.all(
      clients.map(async (request) => {
        for (;;) {
          const n = next++;
          if (n >= payments) return;
          const booked = await request('/api/bookings', {
            json: {
              serviceType: 'personal',
              guardId: null,
              teamSize: 1,
              date: nairobiDate(2 + (n % 25)),
              startTime: '09:00',
              duration: 8,
              durationType: 'hourly',
              dressCode: 'business_suit',
              location: 'Karen',
              address: '1 Bench Road',
              notes: 'bench',
            },
          });
          if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${await booked.text()}`);
          const { id } = await booked.json();
          const pay = await request(`/api/bookings/${id}/payments`, { json: { method: 'mpesa', phone: '0712 345 678' } });
          if (pay.status !== 201) throw new Error(`payment: ${pay.status} ${await pay.text()}`);
          const { checkoutUrl } = await pay.json();
          const approved = await request(checkoutUrl, { form: { action: 'approve', phone: '0712345678' } });
          await approved.arrayBuffer();
          if (approved.status !== 303) refused += 1;
          // Settled (paid, booking confirmed, jobs stored) before the page redirected.
          paidAt.set(id, Date.now());
        }
      }),
    );
    const paying = Date.now() - started;

    // Each confirmation's file, as soon as it appears (its modification time is when it was written).
    const outbox = join(dataDir, 'outbox');
    const emailedAt = new Map();
    const deadline = Date.now() + 5 * 60_000;
    while (emailedAt.size < paidAt.size && Date.now() < deadline) {
      for (const file of readdirSync(outbox, { withFileTypes: true }).filter((f) => f.isFile() && f.name.startsWith('booking-confirmation-'))) {
        const id = /^booking-confirmation-([0-9a-f-]{36})-/.exec(file.name)?.[1];
        if (id && paidAt.has(id) && !emailedAt.has(id)) emailedAt.set(id, statSync(join(outbox, file.name)).mtimeMs);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const lags = [...paidAt].map(([id, at]) => (emailedAt.has(id) ? Math.max(0, emailedAt.get(id) - at) : Infinity)).sort((a, b) => a - b);
    const result = {
      payments: paidAt.size,
      refused,
      payingMs: paying,
      emailed: emailedAt.size,
      p50Ms: Math.round(percentile(lags, 50)),
      p99Ms: Math.round(percentile(lags, 99)),
      maxMs: Math.round(lags.at(-1) ?? 0),
      lastEmailAfterLastPaymentMs: Math.round(Math.max(...emailedAt.values()) - Math.max(...paidAt.values())),
    };
    result.pass = result.emailed === result.payments && result.maxMs <= JOBS_BUDGET_MS && refused === 0;
    log(
      `${result.payments} payments in ${(paying / 1000).toFixed(1)} s (${(result.payments / (paying / 1000)).toFixed(1)}/s); ${result.emailed} confirmation e-mails; ` +
        `payment → e-mail p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms; last e-mail ${result.lastEmailAfterLastPaymentMs} ms after the last payment`,
    );
    return result;
  } finally {
    await new Promise((resolve) => {
      if (app.exitCode !== null) return resolve();
      app.once('exit', resolve);
      app.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  const result = await benchJobs({ payments: Number(option('payments', 300)), databaseUrl: option('database-url', undefined) });
  console.log(result.pass ? 'PASS' : 'FAIL');
  process.exitCode = result.pass ? 0 : 1;
}
