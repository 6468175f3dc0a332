// The API benchmark on one database engine: loads the database at two scales, starts the built
// app on it, loads each screen's endpoints with autocannon from a separate process, then does the
// same against the bare ceiling (scripts/bench/ceiling.mjs) on the same data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { medianOfRounds, planFor } from './api-plan.mjs';
import { load, running, signIn, startProcess, waitFor } from './api-processes.mjs';
import { AUTH_SECRET, BOOKINGS_PER_BOOKER, seed, seedAdmin } from './api-seed.mjs';
import { freePort } from './pg.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Password hashes per second with the library the app signs in with, `concurrency` at a time (1: one
 * core; the number of cores: what the machine allows sign-in, which hashes one per core).
 */
export async function hashesPerSecond(concurrency = 1) {
  const { hashPassword, verifyPassword } = await import('better-auth/crypto');
  const hash = await hashPassword('Bench-pass-2026');
  const started = performance.now();
  let n = 0;
  const worker = async () => {
    while (performance.now() - started < 3000) {
      await verifyPassword({ hash, password: 'Bench-pass-2026' });
      n += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return n / ((performance.now() - started) / 1000);
}

/**
 * Runs the API benchmark on one engine and returns rows of figures.
 * engine: { kind: 'postgres', createDatabase(name) → url } | { kind: 'pglite' }
 * scenarios: only these (names as in planFor), or null for all.
 */
export async function benchApi(engine, { seconds = 10, warmupSeconds = 3, rounds = 3, scenarios = null, log = console.log } = {}) {
  const work = mkdtempSync(join(tmpdir(), `ops-bench-${engine.kind}-`));
  const rows = [];
  const explain = {};
  const scaleFigures = {};
  try {
    for (const scale of ['small', 'full']) {
      const plan = planFor(scale).filter(([name]) => !scenarios || scenarios.includes(name));
      if (plan.length === 0) continue;
      const dataDir = join(work, scale);
      const env = engine.kind === 'postgres' ? { DATABASE_URL: await engine.createDatabase(`bench_${scale}`) } : { DATA_DIR: dataDir };
      log(`\n[${engine.kind}] loading the ${scale} database`);
      // Enough booking clients for every booking the app and the ceiling can send at up to 2,000 a second.
      const bookerCount = plan.some(([name]) => name === 'booking')
        ? Math.ceil((2 * 2 * rounds * (seconds + warmupSeconds) * 2000) / BOOKINGS_PER_BOOKER)
        : 0;
      const fixture = seed(scale, { ...env, DATA_DIR: dataDir }, join(work, `${scale}.json`), bookerCount);
      if (scale === 'full') Object.assign(explain, fixture.explain);
      const console_ = scale === 'full' ? seedAdmin({ ...env, DATA_DIR: dataDir }, fixture, join(work, 'admin.json')) : null;
      if (console_) Object.assign(explain, console_.explain);

      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      // BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the app under the load.
      const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const app = startProcess(
        [...appNodeArgs, 'apps/server/dist/index.js'],
        {
          ...env,
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          APP_URL: baseUrl,
          AUTH_SECRET,
          SEED_DEMO_DATA: 'false',
          // Sign-in is measured for its cost; the per-address limit would refuse most of the load.
          AUTH_RATE_LIMIT: 'false',
          // The load comes through a proxy of ours on this machine, which names each request's client in
          // X-Forwarded-For: the verification load is many employers, each counted (and written) as usual.
          TRUST_PROXY: 'loopback',
        },
        join(work, `app-${scale}.log`),
      );
      await waitFor(`${baseUrl}/api/health`, app.child);
      const dashboardCookie = await signIn(baseUrl, fixture.accounts.dashboard, fixture.password);
      const asClient = { cookie: dashboardCookie };
      const asAdmin = console_ ? { cookie: await signIn(baseUrl, console_.adminEmail, fixture.password) } : null;
      const sessionCookieName = dashboardCookie
        .split('; ')
        .map((c) => c.slice(0, c.indexOf('=')))
        .find((name) => name.endsWith('session_token'));
      // Booking n is made by booking client bookerBase + n div 3, each with the session the seed opened.
      const bookers = { ...fixture.bookers, perBooker: BOOKINGS_PER_BOOKER, cookieName: sessionCookieName, secret: AUTH_SECRET };
      const filtered = `/api/guards?pageSize=24&sort=${fixture.listFilter.sort}&available=true&specialization=${encodeURIComponent(fixture.listFilter.specialization)}`;
      const appRuns = {
        list: [{ method: 'GET', path: '/api/guards?pageSize=24', headers: asClient }],
        listFiltered: [{ method: 'GET', path: filtered, headers: asClient }],
        profile: [
          { method: 'GET', path: `/api/guards/${fixture.profileGuardId}`, headers: asClient },
          { method: 'GET', path: `/api/guards/${fixture.profileGuardId}/reviews`, headers: asClient },
        ],
        dashboard: [
          { method: 'GET', path: '/api/bookings/stats', headers: asClient },
          { method: 'GET', path: '/api/bookings?limit=5', headers: asClient },
        ],
        adminOverview: [{ method: 'GET', path: '/api/admin/overview', headers: asAdmin }],
        adminGuards: [{ method: 'GET', path: '/api/admin/guards', headers: asAdmin }],
        adminGuardsSearch: [{ method: 'GET', path: `/api/admin/guards?q=${encodeURIComponent(console_?.search ?? '')}`, headers: asAdmin }],
        adminClientsSearch: [{ method: 'GET', path: `/api/admin/clients?${console_?.queries.clientsSearch ?? ''}`, headers: asAdmin }],
        adminBookings: [{ method: 'GET', path: '/api/admin/bookings', headers: asAdmin }],
        adminBookingsFiltered: [{ method: 'GET', path: `/api/admin/bookings?${console_?.queries.bookingsFiltered ?? ''}`, headers: asAdmin }],
        adminBookingsSearch: [{ method: 'GET', path: `/api/admin/bookings?${console_?.queries.bookingsSearch ?? ''}`, headers: asAdmin }],
        adminPayments: [{ method: 'GET', path: '/api/admin/payments', headers: asAdmin }],
        adminPaymentsFiltered: [{ method: 'GET', path: `/api/admin/payments?${console_?.queries.paymentsFiltered ?? ''}`, headers: asAdmin }],
        adminPaymentsSearch: [{ method: 'GET', path: `/api/admin/payments?${console_?.queries.paymentsSearch ?? ''}`, headers: asAdmin }],
        adminPaymentsSummary: [{ method: 'GET', path: '/api/admin/payments/summary', headers: asAdmin }],
        adminShiftsToday: [{ method: 'GET', path: '/api/admin/shifts/today', headers: asAdmin }],
        // A random reference among the seeded ones, from a random client address, each request.
        certificateVerify: [
          {
            method: 'GET',
            randomPath: { prefix: '/api/certificates/verify/', values: fixture.verifiableRefs },
            randomClientAddress: true,
          },
        ],
        signIn: [
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            headers: { 'content-type': 'application/json', origin: baseUrl },
            body: JSON.stringify({ email: fixture.accounts.signIn, password: fixture.password }),
          },
        ],
      };
      // Check-ins: each guard of the seed's once, into their own shift, a warm-up and then an equal share per round.
      const checkIns = fixture.checkIns?.bookings ?? [];
      const CHECK_IN_WARMUP = Math.min(100, Math.floor(checkIns.length / 10));
      const checkInsPerRound = Math.floor((checkIns.length - CHECK_IN_WARMUP) / rounds);
      let checkInBase = 0;
      // The bookable guards are split in two: one half for the app, one for the bare INSERT.
      const half = Math.floor(fixture.bookableGuardIds.length / 2);
      const appGuards = fixture.bookableGuardIds.slice(0, half);
      const bareGuards = fixture.bookableGuardIds.slice(half);
      const bookingSpec = (dayBase, bookerBase) => ({
        target: 'app',
        guardIds: appGuards,
        dayBase,
        bookers: { ...bookers, base: bookerBase },
        path: '/api/bookings',
        headers: { origin: baseUrl },
      });

      // At full size the ceiling runs beside the app, and each scenario alternates between them
      // round by round: the machine's speed drifts over minutes, and a ratio of two figures taken
      // minutes apart would measure that drift as much as the app.
      let ceiling = null;
      let ceilingUrl = null;
      if (scale === 'full') {
        const ceilingPort = await freePort();
        ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
        ceiling = startProcess(
          [join(here, 'ceiling.mjs')],
          {
            CEILING_FIXTURE: join(work, `${scale}.json`),
            PORT: String(ceilingPort),
            ...(engine.kind === 'postgres' ? { CEILING_DATABASE_URL: env.DATABASE_URL } : { CEILING_PGLITE_DIR: dataDir }),
          },
          join(work, 'ceiling.log'),
        );
        await waitFor(`${ceilingUrl}/list`, ceiling.child);
      }
      const ceilingRuns = {
        list: [{ method: 'GET', path: '/list' }],
        listFiltered: [{ method: 'GET', path: '/list-filtered' }],
        profile: [
          { method: 'GET', path: '/profile' },
          { method: 'GET', path: '/reviews' },
        ],
        dashboard: [
          { method: 'GET', path: '/stats' },
          { method: 'GET', path: '/recent' },
        ],
        booking: true,
        certificateVerify: [{ method: 'GET', randomPath: { prefix: '/certificate-verify/', values: fixture.verifiableRefs } }],
      };

      let bookingDay = 1;
      let bareBookingDay = 1;
      // The app's and the ceiling's bookings share the booking clients, each run starting after the last one's.
      let bookerBase = 0;
      const nextBookers = (sent) => (bookerBase += Math.ceil(sent / BOOKINGS_PER_BOOKER) + 1);
      for (const [name, connections] of plan) {
        const withCeiling = ceiling !== null && ceilingRuns[name] !== undefined;
        // Sign-in is bounded by the password hash, not by anything a round would show.
        const roundCount = name === 'signIn' ? 1 : rounds;
        const appResults = [];
        const ceilingResults = [];
        for (let round = 0; round < roundCount; round += 1) {
          // The first round warms each server up; later ones find it warm.
          const warm = round === 0 ? warmupSeconds : Math.min(1, warmupSeconds);
          const spec = { url: baseUrl, connections, seconds, warmupSeconds: warm };
          // A sign-in holds its connection for a whole password hash: warm up with one connection, so
          // the measured run does not start behind a backlog of warm-up hashes still being computed.
          if (name === 'signIn') spec.warmupConnections = 1;
          if (name === 'booking') spec.bookings = bookingSpec(bookingDay, bookerBase);
          else if (name === 'checkIn') {
            if (checkInsPerRound < 1) throw new Error('the seed has no shifts to check into');
            spec.checkIns = { ...fixture.checkIns, base: checkInBase, cookieName: sessionCookieName, secret: AUTH_SECRET, headers: { origin: baseUrl } };
            spec.amount = checkInsPerRound;
            spec.warmupAmount = round === 0 ? CHECK_IN_WARMUP : 0;
          } else spec.requests = appRuns[name];
          const result = await load(spec, join(work, 'load.json'));
          if (name === 'checkIn') checkInBase += result.checkInsSent;
          if (name === 'booking') {
            bookingDay += Math.ceil(result.bookingsSent / appGuards.length) + 1;
            nextBookers(result.bookingsSent);
          }
          log(
            `  ${scale} ${name} @${connections} round ${round + 1}: ${Math.round(result.reqPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
          );
          appResults.push(result);
          if (!withCeiling) continue;
          const bare = { url: ceilingUrl, connections, seconds, warmupSeconds: warm };
          if (name === 'booking') {
            bare.bookings = {
              target: 'bare',
              guardIds: bareGuards,
              dayBase: bareBookingDay,
              bookers: { ...bookers, base: bookerBase },
              path: '/booking',
              headers: {},
            };
          } else {
            bare.requests = ceilingRuns[name];
          }
          const bareResult = await load(bare, join(work, 'load.json'));
          if (name === 'booking') {
            bareBookingDay += Math.ceil(bareResult.bookingsSent / bareGuards.length) + 1;
            nextBookers(bareResult.bookingsSent);
          }
          log(
            `  ceiling ${name} @${connections} round ${round + 1}: ${Math.round(bareResult.reqPerSec)} req/s, p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms, errors ${bareResult.errors}, non-2xx ${bareResult.non2xx}`,
          );
          ceilingResults.push(bareResult);
        }
        rows.push({ engine: engine.kind, scale, name, connections, ...medianOfRounds(appResults) });
        if (withCeiling) rows.push({ engine: engine.kind, scale: 'ceiling', name, connections, ...medianOfRounds(ceilingResults) });
      }
      await app.stop();
      if (ceiling) await ceiling.stop();
      scaleFigures[scale] = fixture.counts;
    }
  } finally {
    await Promise.all([...running].map((p) => p.stop()));
    if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
  return { rows, explain, scales: scaleFigures };
}
