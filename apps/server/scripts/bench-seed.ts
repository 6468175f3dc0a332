/**
 * Loads a throwaway database at benchmark scale and writes what the benchmark needs to a JSON file:
 *   DATA_DIR=/tmp/b npx tsx apps/server/scripts/bench-seed.ts --guards 10000 --bookings 200000 --reviews 50000 --out /tmp/b/fixture.json
 * (--bookers N adds N clients who book during the benchmark, each with a session already open;
 * --day-shifts D --check-ins K add today's shifts, K of them for guards to check into: bench-seed-shifts.ts.)
 * With DATABASE_URL it loads that PostgreSQL database, otherwise PGlite under DATA_DIR.
 *
 * Besides the rows, it records the exact SQL the app's services run for each benchmarked screen
 * (through Drizzle's query logger, calling the real service functions), so the bare ceiling server
 * runs the same statements, and it EXPLAINs each of them to show no sequential scan on a big table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { bookingListQuery } from '@ops/shared/schemas/bookings';
import { guardListQuery } from '@ops/shared/schemas/guards';
import type { Viewer } from '../src/lib/context.ts';
import { getClientStats, listBookings } from '../src/modules/bookings/bookings.service.ts';
import { getGuardDetails, listGuards } from '../src/modules/guards/guards.service.ts';
import { listGuardReviews } from '../src/modules/reviews/reviews.service.ts';
import { createLogger } from '../src/lib/logger.ts';
import { lookUp } from '../src/modules/certificates/certificates.service.ts';
import { seedCertificates } from './bench-seed-certificates.ts';
import { seedShifts } from './bench-seed-shifts.ts';
import { openRecordingDatabase } from './bench-seed-database.ts';
import { explainStatements } from './bench-seed-explain.ts';

function arg(name: string, fallback: number, min = 1): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number`);
  return value;
}
const outAt = process.argv.indexOf('--out');
const outFile = outAt === -1 ? undefined : process.argv[outAt + 1];
if (!outFile) throw new Error('--out <file> is required');

const G = arg('guards', 10_000);
const B = arg('bookings', 200_000);
const R = arg('reviews', 50_000);
/** Issued certificates (public verification): one in five to a guard (their 'Academy Certified' badge), the rest to clients. */
const N = arg('certificates', 0, 0);
/**
 * Clients who book during the benchmark. A client keeps at most 3 unpaid holds (UNPAID_HOLDS_MAX),
 * so the load spreads its bookings over these, 3 each; their sessions are written here directly,
 * since signing in tens of thousands of people would take the password hash's time for each.
 */
const BOOKERS = arg('bookers', 0, 0);
/** Today's shifts for the console's Today board, and more that guards check into during the bench (bench-seed-shifts.ts). */
const DAY_SHIFTS = arg('day-shifts', 0, 0);
const CHECK_INS = arg('check-ins', 0, 0);
const BOOKER_TOKEN_PREFIX = 'bench-booker-token-';
const C = Math.max(50, Math.round(B / 40)); // about 40 bookings per client
const PASSWORD = 'Bench-pass-2026';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = resolve(process.env.DATA_DIR ?? './.data');
mkdirSync(dataDir, { recursive: true });
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const { db, raw, close, step, record } = await openRecordingDatabase(databaseUrl, dataDir);

console.log(`Loading ${G} guards, ${C} clients, ${B} bookings, ${R} reviews into ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`}`);
const SPECS = `array['Guard','Close protection','Corporate security','Private investigator','Motorcade security','Event security (Bouncer)']`;
await step(
  'guard accounts',
  `insert into users (id, name, email, email_verified)
   select 'bg-' || i, 'Bench Guard ' || i, 'bench-guard-' || i || '@example.invalid', true from generate_series(1, ${G}) i`,
);
await step(
  'guard profiles',
  `insert into profiles (user_id, role, full_name, phone)
   select 'bg-' || i, 'guard', 'Bench Guard ' || i, '2547' || lpad((i % 100000000)::text, 8, '0') from generate_series(1, ${G}) i`,
);
// One guard in 20 is under review; the rest approved, and through onboarding (Deployment Ready)
// except one in 25 not yet fit for duty. Rates, experience and flags vary by i. Every guard holds a
// PSRA licence and a police clearance, except that one in 100 let the clearance lapse (so clients'
// lists and totals leave them out, as they leave out those not Deployment Ready).
await step(
  'guards',
  `insert into guards (profile_id, approved, status, approved_at, specialization, experience_years, availability,
                       high_risk_certified, bio, skills, rate_hourly, rate_daily, created_at,
                       psra_licence_number, psra_licence_expires_on, police_clearance_issued_on, police_clearance_expires_on,
                       onboarding_complete, fit_for_duty)
   select p.id, i % 20 <> 7, case when i % 20 = 7 then 'pending' else 'approved' end,
          case when i % 20 = 7 then null else now() - (i % 900) * interval '1 day' end,
          (${SPECS})[1 + i % 6], (i * 7) % 31, i % 4 <> 0, i % 3 = 0,
          'Guard ' || i || ': residential and event security around Nairobi.', '{Patrols,"Access control"}',
          800 + ((i * 37) % 40) * 50, (800 + ((i * 37) % 40) * 50) * 8,
          now() - (i % 1000) * interval '1 day' - (i % 24) * interval '1 hour',
          'PSRA/G/2025/' || lpad(i::text, 6, '0'), current_date + 400 + i % 300, current_date - 200,
          case when i % 100 = 3 then current_date - 1 - i % 30 else current_date + 400 + i % 300 end,
          i % 20 <> 7, i % 20 <> 7 and i % 25 <> 11
   from generate_series(1, ${G}) i join profiles p on p.user_id = 'bg-' || i`,
);
await step(
  'client accounts',
  `insert into users (id, name, email, email_verified)
   select 'bc-' || i, 'Bench Client ' || i, 'bench-client-' || i || '@example.invalid', true from generate_series(1, ${C}) i`,
);
await step(
  'client profiles',
  `insert into profiles (user_id, role, full_name, is_company, company_name)
   select 'bc-' || i, 'client', 'Bench Client ' || i, i % 5 = 0, case when i % 5 = 0 then 'Bench Company ' || i end
   from generate_series(1, ${C}) i`,
);
// Booking i is for guard g = 1 + (i * 7) mod G (approved ones only: an unapproved g takes g + 1) and
// client 1 + i mod C. A guard's bookings are a week apart, all in the past, so live ones never overlap.
await step(
  'bookings',
  `insert into bookings (reference, client_profile_id, guard_profile_id, service_type, booking_type, team_size, area,
                         start_time, end_time, duration_hours, price, status, payment_status,
                         confirmed_at, completed_at, cancelled_at, cancelled_reason, created_at)
   select 'BENCH-' || lpad(i::text, 7, '0'), cp.id, gp.id, 'personal', 'hourly', 1,
          (array['Karen','Westlands','Kilimani','Lavington','Runda','CBD'])[1 + i % 6],
          t.start_time, t.start_time + interval '8 hours', 8, 8 * (800 + ((g2.g * 37) % 40) * 50),
          s.status, case when s.status = 'cancelled' then 'unpaid' else 'paid' end,
          case when s.status <> 'cancelled' then t.start_time - interval '2 days' end,
          case when s.status = 'completed' then t.start_time + interval '8 hours' end,
          case when s.status = 'cancelled' then t.start_time - interval '1 day' end,
          case when s.status = 'cancelled' then 'Plans changed' end,
          t.start_time - interval '3 days'
   from generate_series(1, ${B}) i
   cross join lateral (select least(case when (1 + (i * 7) % ${G}) % 20 = 7 then 2 + (i * 7) % ${G} else 1 + (i * 7) % ${G} end, ${G}) as g) g2
   cross join lateral (select date_trunc('hour', now()) - ((i / ${G}) * 7 + 2) * interval '1 day' - (i % 12) * interval '1 hour' as start_time) t
   cross join lateral (select case when i % 20 < 12 then 'completed' when i % 20 < 17 then 'cancelled' else 'confirmed' end as status) s
   join profiles cp on cp.user_id = 'bc-' || (1 + i % ${C})
   join profiles gp on gp.user_id = 'bg-' || g2.g`,
);
await step(
  'payments of paid bookings',
  `insert into payments (booking_id, payer_profile_id, provider, method, amount, commission_amount, status, api_ref, paid_at, created_at)
   select id, client_profile_id, 'sandbox', case when hashtext(reference) % 3 = 0 then 'card' else 'mpesa' end, price, price * 5 / 100, 'paid',
          'bench-' || reference, start_time - interval '2 days', start_time - interval '2 days'
   from bookings where reference like 'BENCH-%' and payment_status = 'paid'`,
);
await step(
  'reviews of completed bookings',
  `insert into reviews (booking_id, guard_profile_id, client_profile_id, rating, comment, created_at)
   select id, guard_profile_id, client_profile_id, 1 + (abs(hashtext(id::text)) % 5),
          'Punctual and professional.', end_time + interval '1 day'
   from bookings where reference like 'BENCH-%' and status = 'completed' order by reference limit ${R}`,
);
await step(
  'guard ratings from their reviews',
  `update guards g set average_rating = r.avg, review_count = r.n
   from (select guard_profile_id, round(avg(rating), 2) as avg, count(*)::int as n from reviews group by guard_profile_id) r
   where g.profile_id = r.guard_profile_id`,
);

// Accounts that sign in: the dashboard client is one of the seeded clients (with its ~40 bookings);
// the sign-in client only signs in. The booking clients start with no bookings and an open session.
const hash = await hashPassword(PASSWORD);
const accounts = {
  dashboard: 'bench-client-1@example.invalid',
  signIn: 'bench-sign-in@example.invalid',
};
await raw(`insert into users (id, name, email, email_verified) values ('bench-sign-in', 'Bench Sign-in', '${accounts.signIn}', true)`);
await raw(`insert into profiles (user_id, role, full_name) values ('bench-sign-in', 'client', 'Bench Sign-in')`);
if (BOOKERS > 0) {
  await step(
    'booking client accounts',
    `insert into users (id, name, email, email_verified)
     select 'bench-booker-' || i, 'Bench Booker ' || i, 'bench-booker-' || i || '@example.invalid', true from generate_series(1, ${BOOKERS}) i`,
  );
  await step(
    'booking client profiles',
    `insert into profiles (user_id, role, full_name) select 'bench-booker-' || i, 'client', 'Bench Booker ' || i from generate_series(1, ${BOOKERS}) i`,
  );
  // Not yet due for renewal (a week ahead), so the app takes them on its one-query path.
  await step(
    'booking client sessions',
    `insert into sessions (id, token, user_id, expires_at)
     select 'bench-booker-session-' || i, '${BOOKER_TOKEN_PREFIX}' || i, 'bench-booker-' || i, now() + interval '7 days' from generate_series(1, ${BOOKERS}) i`,
  );
}
for (const userId of ['bc-1', 'bench-sign-in']) {
  await raw(`insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [
    crypto.randomUUID(),
    userId,
    hash,
  ]);
}
const certificateRefs = await seedCertificates(raw, step, { guards: G, clients: C, certificates: N });
if (4 * (DAY_SHIFTS + CHECK_INS) > G) throw new Error('--day-shifts plus --check-ins must stay within a quarter of the guards');
const checkIns = await seedShifts(raw, step, { clients: C, dayShifts: DAY_SHIFTS, checkIns: CHECK_INS });
await step('analyze', 'analyze');
console.log(`Loaded in ${seconds()} s`);

const ids = async (text: string) => (await raw(text)).map((row) => String(row.id));
const [dashboardProfileId] = await ids(`select id from profiles where user_id = 'bc-1'`);
const bookableGuardIds = await ids(
  `select p.id from guards g join profiles p on p.id = g.profile_id
   where g.deployment_ready and g.availability and g.rate_hourly is not null and g.credentials_valid_until > current_date + 365
     and p.user_id like 'bg-%' order by p.user_id`,
);
// The profile the benchmark opens: a guard with reviews, as a client would open from the list.
const [profileGuardId] = await ids(`select guard_profile_id as id from reviews group by guard_profile_id order by count(*) desc limit 1`);
if (!dashboardProfileId || !profileGuardId || bookableGuardIds.length < 100) throw new Error('the load left no guards to book');

// The statements each screen's service runs, recorded from the real services.
const viewer: Viewer = { profileId: dashboardProfileId, role: 'client' };
const quiet = createLogger('silent');
const listFilter = { sort: 'rate_low', available: 'true', specialization: 'Close protection' };
// The references the verification load asks for: those answered 200 (valid or expired), not the revoked.
const verifiableRefs = certificateRefs.filter((_, index) => (index + 1) % 50 !== 7);
const verifyDeps = { db, clock: () => new Date(), config: { appUrl: 'http://127.0.0.1' }, credentialKey: null } as unknown as Parameters<typeof lookUp>[0];
/** What the bare ceiling runs for a verification: the lookup by reference alone, without the per-address count. */
const certificateLookup = {
  sql: `select c.certificate_ref, c.student_name, e.course_id, c.course_name, c.issue_date::text as issue_date, c.expires_on::text as expires_on,
               c.cobranded, c.audited_at, c.file_id, c.revoked_at, c.revoked_reason
        from certificates c join enrollments e on e.id = c.enrollment_id where c.certificate_ref = $1`,
};
const statements = {
  list: await record(() => listGuards(db, viewer, guardListQuery.parse({ pageSize: '24' }))),
  ...(N > 0 ? { certificateVerify: await record(() => lookUp(verifyDeps, verifiableRefs[0]!, 'bench-seed')) } : {}),
  listFiltered: await record(() => listGuards(db, viewer, guardListQuery.parse({ pageSize: '24', ...listFilter }))),
  profile: await record(() => getGuardDetails(db, viewer, profileGuardId)),
  reviews: await record(() => listGuardReviews(db, viewer, profileGuardId)),
  stats: await record(() => getClientStats(db, quiet, dashboardProfileId)),
  recent: await record(() => listBookings(db, viewer, bookingListQuery.parse({ limit: '5' }), new Date())),
};

const explain = await explainStatements(raw, statements);
await close();

const counts = { guards: G, clients: C, bookings: B, reviews: R, certificates: N, dayShifts: DAY_SHIFTS + CHECK_INS };
writeFileSync(
  outFile,
  JSON.stringify(
    {
      counts,
      password: PASSWORD,
      accounts,
      bookers: { count: BOOKERS, tokenPrefix: BOOKER_TOKEN_PREFIX },
      checkIns,
      dashboardProfileId,
      profileGuardId,
      bookableGuardIds,
      listFilter,
      verifiableRefs,
      certificateLookup,
      statements,
      explain,
    },
    null,
    1,
  ),
);
console.log(`Wrote ${outFile}`);
