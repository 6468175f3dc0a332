import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION, SPECIALIZATIONS } from '@ops/shared/constants';
import { credentialProblem, credentialStatuses } from '@ops/shared/domain/guard-credentials';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { isDeploymentReady } from '@ops/shared/domain/officer-onboarding';
import { createTestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import type { Database, DatabaseHandle } from '../client.ts';
import { cohorts, courses } from '../schema/academy-courses.ts';
import { enrollments } from '../schema/academy-enrollments.ts';
import { users } from '../schema/auth.ts';
import { bookings } from '../schema/bookings.ts';
import { privacyConsents } from '../schema/consents.ts';
import { guards } from '../schema/guards.ts';
import { notifications } from '../schema/notifications.ts';
import { payments } from '../schema/payments.ts';
import { profiles } from '../schema/profiles.ts';
import { reviews } from '../schema/reviews.ts';
import { DEMO_NOTICE_MAX_AGE_DAYS } from './demo-notifications.ts';
import { seatFigures } from '../../test/seat-figures.ts';
import { seedDemoData } from './demo.ts';

/** The "Demo accounts" table of the README. */
const README_ACCOUNTS = [
  { email: 'admin@opssecurity.co.ke', password: 'Admin#2026!', role: 'admin' },
  { email: 'partner@ebssa.co.ke', password: 'Partner#2026!', role: 'partner' },
  { email: 'client@example.co.ke', password: 'Client#2026!', role: 'client' },
  { email: 'company@example.co.ke', password: 'Company#2026!', role: 'client' },
  { email: 'student@example.co.ke', password: 'Student#2026!', role: 'client' },
  ...Array.from({ length: 12 }, (_, i) => ({ email: `guard${i + 1}@example.co.ke`, password: 'Guard#2026!', role: 'guard' })),
];

let factory: TestDatabaseFactory;
let database: DatabaseHandle | undefined;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** A fresh database with the demo data in it. */
async function seeded(): Promise<Database> {
  database = await factory.create();
  expect(await seedDemoData(database.db)).toBe(true);
  return database.db;
}

async function counts(db: Database) {
  const count = async (
    table:
      typeof profiles | typeof bookings | typeof payments | typeof reviews | typeof notifications | typeof courses | typeof cohorts | typeof enrollments,
  ) => (await db.select().from(table)).length;
  return {
    profiles: await count(profiles),
    bookings: await count(bookings),
    payments: await count(payments),
    reviews: await count(reviews),
    notifications: await count(notifications),
    courses: await count(courses),
    cohorts: await count(cohorts),
    enrollments: await count(enrollments),
  };
}

describe('demo data', () => {
  it('loads into an empty database once, and a second run adds nothing', async () => {
    const db = await seeded();
    const before = await counts(db);
    expect(before.profiles).toBe(README_ACCOUNTS.length);
    expect(before.notifications).toBeGreaterThan(0);

    expect(await seedDemoData(db)).toBe(false);
    expect(await counts(db)).toEqual(before);
  });

  it('creates every README account with its role and a confirmed e-mail, and they can sign in', async () => {
    const t = await createTestContext(factory);
    try {
      expect(await seedDemoData(t.database.db)).toBe(true);
      const rows = await t.database.db
        .select({
          email: users.email,
          verified: users.emailVerified,
          role: profiles.role,
          isCompany: profiles.isCompany,
          companyName: profiles.companyName,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id));
      for (const account of README_ACCOUNTS) {
        expect(
          rows.find((r) => r.email === account.email),
          account.email,
        ).toMatchObject({ role: account.role, verified: true });
      }
      expect(rows.find((r) => r.email === 'company@example.co.ke')).toMatchObject({ isCompany: true, companyName: expect.any(String) });

      for (const email of ['client@example.co.ke', 'company@example.co.ke', 'admin@opssecurity.co.ke', 'guard1@example.co.ke']) {
        const account = README_ACCOUNTS.find((a) => a.email === email);
        const res = await t.client().post('/api/auth/sign-in/email', { email, password: account?.password });
        expect(res.status, email).toBe(200);
      }
      const wrong = await t.client().post('/api/auth/sign-in/email', { email: 'client@example.co.ke', password: 'Guard#2026!' });
      expect(wrong.status).not.toBe(200);
    } finally {
      await t.close();
    }
  });

  it('records each demo account’s agreement to the privacy notice, given when it joined', async () => {
    const db = await seeded();
    const rows = await db
      .select({ email: users.email, joined: users.createdAt, version: privacyConsents.noticeVersion, at: privacyConsents.acceptedAt })
      .from(users)
      .leftJoin(privacyConsents, eq(privacyConsents.userId, users.id));
    expect(rows).toHaveLength(README_ACCOUNTS.length);
    for (const row of rows) {
      expect(row, row.email).toMatchObject({ version: PRIVACY_NOTICE_VERSION, at: row.joined });
    }
  });

  it('has twelve guards across all six specializations: most approved, two pending, one rejected', async () => {
    const db = await seeded();
    const all = await db.select().from(guards);
    expect(all).toHaveLength(12);
    expect(new Set(all.map((g) => g.specialization))).toEqual(new Set(SPECIALIZATIONS));
    const approved = all.filter((g) => g.approved);
    expect(approved.length).toBeGreaterThanOrEqual(9);
    expect(approved.every((g) => g.status === 'approved' && g.approvedAt !== null)).toBe(true);
    expect(all.filter((g) => g.status === 'pending' || g.status === 'pending_approval')).toHaveLength(2);
    const rejected = all.filter((g) => g.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.rejectionReason).toBeTruthy();
    expect(all.filter((g) => !g.availability).length).toBeGreaterThanOrEqual(2);
    expect(all.some((g) => g.fitForDuty && g.onboardingComplete)).toBe(true);
  });

  it('gives guards PSRA licences and police clearances: most valid for months, two expiring within 30 days, one clearance expired', async () => {
    const db = await seeded();
    const today = nairobiDate(new Date());
    const all = await db.select().from(guards);
    expect(all.every((g) => /^PSRA\/G\/20\d{2}\/\d{6}$/.test(g.psraLicenceNumber ?? ''))).toBe(true);
    const approved = all.filter((g) => g.approved);
    const states = (g: typeof guards.$inferSelect) => credentialStatuses(g, today).map((c) => c.state);
    expect(approved.filter((g) => states(g).includes('expiring') && !states(g).includes('expired'))).toHaveLength(2);
    const expired = approved.filter((g) => states(g).includes('expired'));
    expect(expired).toHaveLength(1);
    expect(credentialProblem(expired[0]!, today)).toMatch(/^The police clearance expired on /);
    // Clients still find seven available Deployment Ready guards to book (listed, bookable and staffable).
    expect(all.filter((g) => g.availability && isDeploymentReady(g, today)).length).toBeGreaterThanOrEqual(7);
    const underReview = all.filter((g) => g.status === 'pending' || g.status === 'pending_approval');
    expect(underReview.every((g) => states(g).every((state) => state === 'valid'))).toBe(true);
  });

  it('puts only Deployment Ready guards on the bookings still to come, and keeps two guards in onboarding', async () => {
    const db = await seeded();
    const today = nairobiDate(new Date());
    const all = await db.select().from(guards);
    const ready = new Set(all.filter((g) => isDeploymentReady(g, today)).map((g) => g.profileId));
    const coming = (await db.select().from(bookings)).filter((b) => b.endTime > new Date() && b.status !== 'cancelled' && b.guardProfileId);
    expect(coming.length).toBeGreaterThan(0);
    expect(coming.filter((b) => !ready.has(b.guardProfileId!)).map((b) => b.reference)).toEqual([]);
    expect(all.filter((g) => g.approved && !g.onboardingComplete)).toHaveLength(2);
  });

  it('has bookings in every status and payment status, priced in whole KES and paid in full', async () => {
    const db = await seeded();
    const now = new Date();
    const all = await db.select().from(bookings);
    expect(new Set(all.map((b) => b.status))).toEqual(new Set(['pending', 'confirmed', 'completed', 'cancelled']));
    expect(new Set(all.map((b) => b.paymentStatus))).toEqual(new Set(['unpaid', 'paid', 'failed', 'refunded']));
    expect(new Set(all.map((b) => b.reference)).size).toBe(all.length);
    expect(all.every((b) => /^OPS-[A-Z0-9]{6}$/.test(b.reference) && Number.isInteger(b.price) && b.price > 0)).toBe(true);

    const held = all.find((b) => b.status === 'pending' && b.paymentStatus === 'unpaid');
    expect(held?.holdExpiresAt?.getTime()).toBeGreaterThan(now.getTime());
    expect(held?.startTime.getTime()).toBeGreaterThan(now.getTime());
    expect(all.filter((b) => b.status === 'completed').every((b) => b.endTime.getTime() < now.getTime())).toBe(true);
    const clients = new Set(all.map((b) => b.clientProfileId));
    expect(clients.size).toBe(2);
    expect(new Set(all.map((b) => b.guardProfileId)).size).toBeGreaterThanOrEqual(5);

    const paid = await db.select().from(payments);
    for (const booking of all.filter((b) => b.paymentStatus !== 'unpaid')) {
      const payment = paid.find((p) => p.bookingId === booking.id);
      expect(payment, booking.reference).toMatchObject({ amount: booking.price, currency: 'KES', status: booking.paymentStatus });
      if (booking.paymentStatus === 'paid') {
        expect(booking.commissionAmount).toBe(Math.floor((booking.price * 5) / 100));
        // As the settlement does, so the console's payments summary shows the demo's commission.
        expect(payment?.commissionAmount, booking.reference).toBe(booking.commissionAmount);
      }
      if (booking.paymentStatus === 'refunded') expect(payment?.refundedAmount).toBe(Math.floor(booking.price * 0.95));
    }
  });

  it('keeps every guard’s rating and review count equal to its reviews, all on completed bookings', async () => {
    const db = await seeded();
    const allReviews = await db.select().from(reviews).innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(allReviews.every((r) => r.bookings.status === 'completed')).toBe(true);
    const allGuards = await db.select().from(guards);
    for (const guard of allGuards) {
      const ratings = allReviews.filter((r) => r.reviews.guardProfileId === guard.profileId).map((r) => r.reviews.rating);
      expect(guard.reviewCount).toBe(ratings.length);
      const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null;
      expect(guard.averageRating).toBe(average);
    }
    expect(allGuards.filter((g) => g.approved && g.reviewCount > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('dates every notification within the last days before the seed, and leads each about a booking to that booking', async () => {
    database = await factory.create();
    const now = new Date('2026-12-01T07:00:00Z');
    expect(await seedDemoData(database.db, now)).toBe(true);
    const rows = await database.db.select().from(notifications);
    const ids = new Set((await database.db.select({ id: bookings.id }).from(bookings)).map((b) => b.id));
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - row.createdAt.getTime()).toBeLessThan(DEMO_NOTICE_MAX_AGE_DAYS * 24 * 3_600_000);
      const booking = /^\/dashboard\?booking=(.+)$/.exec(row.link ?? '')?.[1];
      if (/OPS-[A-Z0-9]{6}/.test(row.message) && !row.link?.startsWith('/admin')) expect(ids.has(booking ?? '')).toBe(true);
    }
  });

  it('has the four catalogue courses at their prices, and the student enrolled', async () => {
    const db = await seeded();
    const catalogue = await db.select().from(courses);
    expect(Object.fromEntries(catalogue.map((c) => [c.id, [c.price, c.durationWeeks, c.level]]))).toEqual({
      cpo: [150_000, 6, 'Advanced'],
      'basic-security': [35_000, 2, 'Beginner'],
      'executive-protection': [95_000, 4, 'Intermediate'],
      'event-security': [55_000, 3, 'Intermediate'],
    });
    expect(catalogue.every((c) => c.syllabus.length === c.durationWeeks)).toBe(true);
    expect(catalogue.find((c) => c.id === 'cpo')?.maxStudents).toBe(15);

    const [student] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, 'student@example.co.ke'));
    const mine = await db
      .select()
      .from(enrollments)
      .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
      .where(eq(enrollments.profileId, student?.id ?? ''));
    expect(mine.map((e) => [e.enrollments.courseId, e.enrollments.status, e.enrollments.paymentStatus]).sort()).toEqual([
      ['basic-security', 'completed', 'paid'],
      ['cpo', 'active', 'paid'],
      ['event-security', 'pending_cash', 'pending_cash'],
    ]);
    const cash = mine.find((e) => e.enrollments.paymentMethod === 'cash');
    const deadline = new Date(`${cash?.cohorts.startDate}T00:00:00Z`);
    deadline.setUTCDate(deadline.getUTCDate() - 7);
    expect(cash?.enrollments.paymentDeadline).toBe(deadline.toISOString().slice(0, 10));
    expect(mine.every((e) => e.cohorts.enrolledCount >= 1)).toBe(true);

    // Every paid course fee, online or at the office, is a paid payment record of its price.
    const paidFees = await db.select().from(enrollments).where(eq(enrollments.paymentStatus, 'paid'));
    const records = await db.select().from(payments);
    for (const fee of paidFees) {
      const record = records.find((p) => p.enrollmentId === fee.id);
      expect(record, fee.courseId).toMatchObject({
        amount: fee.coursePrice,
        status: 'paid',
        method: fee.paymentMethod === 'cash' ? 'cash' : 'mpesa',
        providerRef: fee.transactionId,
      });
    }
    // The certified guard's Basic Security and a guard's Executive Protection, paid at the office.
    expect(records.filter((p) => p.method === 'cash').map((p) => p.providerRef)).toEqual(expect.arrayContaining(['CASH-0117', 'RCPT-2291']));
    expect(records.filter((p) => p.method === 'cash')).toHaveLength(2);
  });

  it("shows each cohort's true seat figure: 'Enrolled' is its count of seat-holding enrolments", async () => {
    const db = await seeded();
    const figures = await seatFigures(db);
    expect(figures).toHaveLength(10);
    expect(figures.filter((f) => f.shown !== f.seatHolders)).toEqual([]);
    expect(figures.every((f) => f.shown <= f.capacity)).toBe(true);
    // Someone is enrolled in the demo's cohorts, and one open cohort is short of seats ('Only N spots left').
    expect(figures.reduce((sum, f) => sum + f.shown, 0)).toBeGreaterThan(3);
    expect(figures.some((f) => f.shown > 0 && f.capacity - f.shown < 10)).toBe(true);
  });
});
