// Loading the bench's databases: the seed at each scale (apps/server/scripts/bench-seed.ts) and the
// console's admin (apps/server/scripts/bench-admin-seed.ts), each in a process of its own.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const SCALES = {
  small: { guards: 1_000, bookings: 20_000, reviews: 5_000, certificates: 2_000 },
  // A day of about 1,400 shifts, the history's rate (one booking a week for each of 10,000 guards):
  // 1,000 of them guards check into during the check-in load (warm-up and three rounds).
  full: { guards: 10_000, bookings: 200_000, reviews: 50_000, certificates: 20_000, dayShifts: 400, checkIns: 1_000 },
};

/** A fixed secret, so the load can sign the session cookies of the booking clients the seed opened. */
export const AUTH_SECRET = 'bench-auth-secret-that-is-long-enough-to-sign';
/** A client keeps at most this many unpaid holds (UNPAID_HOLDS_MAX): the load gives each booking client this many bookings. */
export const BOOKINGS_PER_BOOKER = 3;

export function seed(scale, env, fixtureFile, bookers) {
  const { guards, bookings, reviews, certificates, dayShifts = 0, checkIns = 0 } = SCALES[scale];
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/scripts/bench-seed.ts',
      '--guards',
      guards,
      '--bookings',
      bookings,
      '--reviews',
      reviews,
      '--certificates',
      certificates,
      '--bookers',
      bookers,
      '--day-shifts',
      dayShifts,
      '--check-ins',
      checkIns,
      '--out',
      fixtureFile,
    ].map(String),
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`loading the ${scale} database failed`);
  return JSON.parse(readFileSync(fixtureFile, 'utf8'));
}

/** The console's admin and the EXPLAIN of its statements (apps/server/scripts/bench-admin-seed.ts), on a loaded database. */
export function seedAdmin(env, fixture, outFile) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/bench-admin-seed.ts', '--password', fixture.password, '--out', outFile],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('adding the console admin failed');
  return JSON.parse(readFileSync(outFile, 'utf8'));
}
