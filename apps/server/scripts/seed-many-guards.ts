/**
 * Loads many guards and times the guard list through the real app, to see that it stays fast:
 *   DATA_DIR=/tmp/ops-bench npx tsx apps/server/scripts/seed-many-guards.ts 10000
 * With DATABASE_URL it runs on that PostgreSQL server, otherwise on PGlite under DATA_DIR. Each run
 * adds N more guards (without sign-ins: no accounts rows), so use a throwaway database.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { SPECIALIZATIONS, type GuardStatus } from '@ops/shared/constants';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/auth.ts';
import { guards } from '../src/db/schema/guards.ts';
import { profiles } from '../src/db/schema/profiles.ts';
import { readEnv } from '../src/env.ts';
import { createTestContext } from '../src/test/test-app.ts';
import type { TestClient } from '../src/test/test-client.ts';

const BATCH = 500;
const today = nairobiDate(new Date());
const RUNS = 20;
const WARM_UP = 3;
type Viewer = 'client' | 'guard';
const COMBINATIONS: [label: string, viewer: Viewer, path: string][] = [
  ['top rated (default), page 1', 'client', '/api/guards'],
  ['top rated, page 50', 'client', '/api/guards?sort=rating&page=50'],
  ['most experienced, Close protection', 'client', '/api/guards?sort=experience&specialization=Close%20protection'],
  ['lowest rate, available + high risk', 'client', '/api/guards?sort=rate_low&available=true&highRisk=true'],
  ['highest rate', 'client', '/api/guards?sort=rate_high'],
  ['newest, 48 a page, page 20', 'client', '/api/guards?sort=newest&pageSize=48&page=20'],
  ['guard under review, top rated', 'guard', '/api/guards'],
];

/** Deterministic variety: the same N gives the same guards. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function guardValues(index: number, profileId: string) {
  const r = random(index + 1);
  const status: GuardStatus = index % 20 === 7 ? 'pending' : index % 50 === 13 ? 'rejected' : 'approved';
  const rateHourly = index % 10 === 3 ? null : 800 + Math.floor(r() * 40) * 50;
  const rated = index % 4 !== 0;
  const createdAt = new Date(Date.now() - Math.floor(r() * 1000 * 24 * 3600 * 1000));
  return {
    profileId,
    status,
    approved: status === 'approved',
    approvedAt: status === 'approved' ? createdAt : null,
    rejectionReason: status === 'rejected' ? 'Documents could not be verified' : null,
    specialization: SPECIALIZATIONS[index % SPECIALIZATIONS.length] ?? null,
    experienceYears: Math.floor(r() * 31),
    rateHourly,
    rateDaily: rateHourly === null ? null : rateHourly * 8,
    availability: r() < 0.75,
    highRiskCertified: r() < 0.3,
    averageRating: rated ? Math.round(100 + r() * 400) / 100 : null,
    reviewCount: rated ? 1 + Math.floor(r() * 40) : 0,
    bio: `Guard ${index + 1}: residential and event security around Nairobi.`,
    skills: ['Patrols', 'Access control'],
    createdAt,
    // Licensed and cleared; approved guards are through onboarding (Deployment Ready, so listed to
    // clients) except one in 25, still waiting to be found fit for duty.
    psraLicenceNumber: `PSRA/G/2025/${String(index + 1).padStart(6, '0')}`,
    psraLicenceExpiresOn: addDaysToDate(today, 400 + (index % 300)),
    policeClearanceIssuedOn: addDaysToDate(today, -200),
    policeClearanceExpiresOn: addDaysToDate(today, 165 + (index % 200)),
    onboardingComplete: status === 'approved',
    fitForDuty: status === 'approved' && index % 25 !== 11,
  };
}

async function insertGuards(db: Database, count: number): Promise<void> {
  const run = Date.now().toString(36);
  for (let start = 0; start < count; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => start + i);
    await db.transaction(async (tx) => {
      const people = indexes.map((i) => ({ index: i, userId: crypto.randomUUID(), name: `Bench Guard ${i + 1}` }));
      await tx
        .insert(users)
        .values(people.map((p) => ({ id: p.userId, name: p.name, email: `bench-${run}-${p.index}@example.invalid`, emailVerified: true })));
      const created = await tx
        .insert(profiles)
        .values(people.map((p) => ({ userId: p.userId, role: 'guard' as const, fullName: p.name })))
        .returning({ id: profiles.id, userId: profiles.userId });
      const profileIdByUser = new Map(created.map((row) => [row.userId, row.id]));
      const profileIdOf = (userId: string) => {
        const id = profileIdByUser.get(userId);
        if (!id) throw new Error(`no profile was created for user ${userId}`);
        return id;
      };
      await tx.insert(guards).values(people.map((p) => guardValues(p.index, profileIdOf(p.userId))));
    });
  }
}

/** Nearest-rank percentile of sorted times. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

function median(sorted: number[]): number {
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2 : (sorted[Math.floor(middle)] ?? 0);
}

const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1) throw new Error(`The number of guards must be a whole number, got ${process.argv[2]}`);

const env = readEnv();
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
await database.migrate();
console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);

const loadStarted = performance.now();
await insertGuards(database.db, count);
console.log(`Inserted ${count} guards in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

async function timeCombinations(clients: Record<Viewer, TestClient>): Promise<void> {
  console.log(`${'combination'.padEnd(40)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'total'.padStart(7)}`);
  for (const [label, viewer, path] of COMBINATIONS) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const started = performance.now();
      const res = await clients[viewer].get(path);
      const body = (await res.json()) as { total?: number };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      total = body.total ?? 0;
      if (run >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const [mid, p95] = [median(times), percentile(times, 0.95)].map((ms) => ms.toFixed(1).padStart(7));
    console.log(`${label.padEnd(40)} ${mid} ${p95} ${String(total).padStart(7)}`);
  }
}

// The app exactly as the integration tests build it, on this database, with a signed-in client and
// a signed-in guard whose own card is under review.
const t = await createTestContext({ kind: database.kind, create: () => Promise.resolve(database), dispose: () => Promise.resolve() });
try {
  const clients = { client: (await t.signedIn('client')).client, guard: (await t.signedIn('guard')).client };
  console.log(`\nGET /api/guards, ${RUNS} requests each after ${WARM_UP} warm-up requests (ms), as loaded:`);
  await timeCombinations(clients);
  // PostgreSQL's autovacuum analyzes a freshly loaded table by itself; PGlite runs no autovacuum.
  await database.db.execute(sql`analyze`);
  console.log('\nThe same after ANALYZE (planner statistics up to date):');
  await timeCombinations(clients);
} finally {
  await t.close();
}
