/**
 * Crashes under load: the built server as a child process on a throwaway database, clients booking
 * and paying in the sandbox while the server is killed with SIGKILL twice, then a restart. Once the
 * jobs have run, every payment the sandbox approved must be paid, every confirmed booking must have
 * exactly one confirmation e-mail, and nothing may be confirmed without payment or paid without
 * confirmation. On PGlite by default; on PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { pgliteExtensions } from './db/client.ts';
import { Browser, freePort, startServer, type ServerProcess } from './test/server-process.ts';
import { TEST_DATABASE_URL } from './test/test-env.ts';

const CLIENTS = [
  { email: 'client@example.co.ke', password: 'Client#2026!' },
  { email: 'company@example.co.ke', password: 'Company#2026!' },
  { email: 'student@example.co.ke', password: 'Student#2026!' },
];
const NOTE = 'crash test';

let dataDir = '';
let admin: pg.Client | undefined;
let databaseUrl: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.crash().catch(() => {});
  if (admin && databaseUrl) await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
  await admin?.end();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One client's loop: book, pay by M-Pesa, approve on the sandbox page; until `until` or the server dies. */
async function payLoop(browser: Browser, until: number, stats: { approved: number; errors: number }) {
  let day = 2 + Math.floor(Math.random() * 5);
  while (Date.now() < until) {
    try {
      const booked = await browser.request('/api/bookings', {
        json: {
          serviceType: 'personal',
          guardId: null,
          teamSize: 1,
          date: addDaysToDate(nairobiDate(new Date()), day),
          startTime: '09:00',
          duration: 8,
          durationType: 'hourly',
          dressCode: 'business_suit',
          location: 'Karen',
          address: '12 Karen Road',
          notes: NOTE,
        },
      });
      day = 2 + ((day + 1) % 20);
      if (booked.status !== 201) {
        // A client may hold only a few unpaid bookings: those left unpaid by a crash count.
        await booked.text();
        stats.errors += 1;
        continue;
      }
      const { id } = (await booked.json()) as { id: string };
      const paid = await browser.request(`/api/bookings/${id}/payments`, { json: { method: 'mpesa', phone: '0712 345 678' } });
      if (paid.status !== 201 && paid.status !== 200) {
        await paid.text();
        stats.errors += 1;
        continue;
      }
      const { checkoutUrl } = (await paid.json()) as { checkoutUrl: string };
      const approved = await browser.request(checkoutUrl, { form: { action: 'approve', phone: '0712345678' } });
      await approved.arrayBuffer();
      if (approved.status === 303) stats.approved += 1;
    } catch {
      // The server was killed under us.
      return;
    }
  }
}

async function runClients(browsers: Browser[], ms: number) {
  const stats = { approved: 0, errors: 0 };
  await Promise.all(browsers.map((b) => payLoop(b, Date.now() + ms, stats)));
  return stats;
}

interface Findings {
  approvedNotPaid: string[];
  confirmedWithoutPayment: string[];
  paidNotConfirmed: string[];
  emailCounts: Map<string, number>;
  confirmed: string[];
  bookings: number;
}

async function query(sqlText: string): Promise<Record<string, unknown>[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sqlText)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: pgliteExtensions });
  try {
    return (await db.query<Record<string, unknown>>(sqlText)).rows;
  } finally {
    await db.close();
  }
}

/**
 * What the database and the outbox say. On PGlite the server must be stopped: one process owns the
 * files. Approvals are this test's own (its bookings, or an approval no payment claims); the demo
 * data's sandbox records are of bookings long completed or refunded and of course fees.
 */
async function inspect(): Promise<Findings> {
  const approved = await query(`
    select sp.api_ref, p.status as payment_status, b.status as booking_status
    from sandbox_payments sp left join payments p on p.api_ref = sp.api_ref left join bookings b on b.id = p.booking_id
    where sp.outcome = 'approved' and (p.id is null or b.notes = '${NOTE}')`);
  const bookings = await query(`
    select b.reference, b.status, b.payment_status,
      (select count(*)::int from payments p where p.booking_id = b.id and p.status = 'paid') as paid
    from bookings b where b.notes = '${NOTE}'`);
  const emailCounts = new Map<string, number>();
  for (const file of (await readdir(join(dataDir, 'outbox')).catch(() => [])).filter((f) => f.endsWith('.eml'))) {
    const subject = /^Subject: Booking (\S+) confirmed$/m.exec(await readFile(join(dataDir, 'outbox', file), 'utf8'))?.[1];
    if (subject) emailCounts.set(subject, (emailCounts.get(subject) ?? 0) + 1);
  }
  return {
    approvedNotPaid: approved.filter((r) => r.payment_status !== 'paid' || r.booking_status !== 'confirmed').map((r) => String(r.api_ref)),
    confirmedWithoutPayment: bookings.filter((b) => b.status === 'confirmed' && b.paid !== 1).map((b) => String(b.reference)),
    paidNotConfirmed: bookings.filter((b) => b.paid !== 0 && b.status !== 'confirmed').map((b) => String(b.reference)),
    confirmed: bookings.filter((b) => b.status === 'confirmed').map((b) => String(b.reference)),
    emailCounts,
    bookings: bookings.length,
  };
}

it(
  'loses no payment and no confirmation e-mail, and sends none twice, when the server is killed twice while clients pay',
  async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-crash-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false' };
    if (TEST_DATABASE_URL) {
      admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      const name = `ops_crash_${process.pid}_${Date.now()}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      env.DATABASE_URL = databaseUrl;
    }
    const port = await freePort();
    env.APP_URL = `http://127.0.0.1:${port}`;

    server = await startServer(env, port);
    const browsers = CLIENTS.map(() => new Browser(server!.url));
    for (const [i, c] of CLIENTS.entries()) await browsers[i]!.signIn(c.email, c.password);

    // Two rounds of paying, each cut short by SIGKILL at a moment nobody chose.
    const rounds = [];
    for (let round = 0; round < 2; round += 1) {
      const paying = runClients(browsers, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000 + Math.random() * 3_000));
      await server.crash();
      rounds.push(await paying);
      server = await startServer(env, port);
    }
    expect(rounds.reduce((n, r) => n + r.approved, 0)).toBeGreaterThan(3);

    // Then the jobs catch up by themselves: payments in flight are re-checked at start, jobs lost
    // with a killed worker are run again once they expire.
    let findings: Findings | undefined;
    const restarted = Date.now();
    const deadline = restarted + 6 * 60_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      if (!databaseUrl) await server.stop();
      findings = await inspect();
      // These may never happen, not even for a moment.
      expect(findings.confirmedWithoutPayment).toEqual([]);
      expect(findings.paidNotConfirmed).toEqual([]);
      expect([...findings.emailCounts].filter(([, n]) => n > 1)).toEqual([]);
      expect([...findings.emailCounts.keys()].filter((ref) => !findings!.confirmed.includes(ref))).toEqual([]);
      const done = findings.approvedNotPaid.length === 0 && findings.confirmed.every((ref) => findings!.emailCounts.get(ref) === 1);
      if (done || Date.now() > deadline) break;
      if (!databaseUrl) server = await startServer(env, port);
    }
    expect(findings.approvedNotPaid).toEqual([]);
    expect(findings.confirmed.filter((ref) => findings.emailCounts.get(ref) !== 1)).toEqual([]);
    expect(findings.confirmed.length).toBeGreaterThan(3);
    console.info(
      `crash test: ${findings.bookings} bookings, ${findings.confirmed.length} confirmed and e-mailed once each; ` +
        `approved in rounds: ${rounds.map((r) => r.approved).join(', ')}; all settled within ${Math.round((Date.now() - restarted) / 1000)} s of the last restart`,
    );
  },
  10 * 60_000,
);
