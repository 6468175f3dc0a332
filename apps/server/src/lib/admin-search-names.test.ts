/**
 * Every console search finds a row by each name the row shows: the person, the company under them,
 * the guards, the course, the reference and the receipt.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBookingPage } from '@ops/shared/schemas/admin-bookings';
import type { AdminClientPage } from '@ops/shared/schemas/admin-clients';
import type { AdminPaymentPage } from '@ops/shared/schemas/admin-payments';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { bookingGuards } from '../db/schema/booking-guards.ts';
import { bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import { insertBooking, insertGuard } from '../test/fixtures.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: TestClient;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = (await t.signedInDirectly('admin')).client;
});
afterEach(() => t.close());

/** A company client with a booking guarded by two guards, paid; and a student's course fee paid at the office. */
async function scene() {
  const db = t.database.db;
  const company = await t.signedInDirectly('client', {
    fullName: 'Wanjiru Kamau',
    phone: '254722000111',
    isCompany: true,
    companyName: 'Kilimani Heights Ltd',
  });
  const other = await t.signedInDirectly('client', { fullName: 'Otieno Were' });
  const peter = await insertGuard(db, { fullName: 'Peter Ochieng' });
  const mary = await insertGuard(db, { fullName: 'Mary Auma' });
  const bookingId = await insertBooking(db, { clientProfileId: company.profileId, guardProfileId: peter, status: 'confirmed', area: 'Kilimani' });
  await db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, bookingId));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  // Peter is the booking's own guard; Mary is on its team.
  await db.insert(bookingGuards).values({ bookingId, guardProfileId: mary, startTime: booking!.startTime, endTime: booking!.endTime, live: true });
  await db.insert(payments).values({
    bookingId,
    payerProfileId: company.profileId,
    provider: 'sandbox',
    method: 'card',
    amount: 9600,
    status: 'paid',
    paidAt: new Date(),
    apiRef: 'search-test-1',
    providerRef: 'SBX7F3A2C9D',
  });
  // Someone else's booking, which no search below should find.
  await insertBooking(db, { clientProfileId: other.profileId, status: 'confirmed', area: 'Karen' });

  await db.insert(courses).values({
    id: 'event-security',
    title: 'Event Security Management',
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 2,
    price: 18_000,
    level: 'Beginner',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 20,
  });
  const [cohort] = await db
    .insert(cohorts)
    .values({ courseId: 'event-security', startDate: '2027-03-01', endDate: '2027-03-12', capacity: 20 })
    .returning({ id: cohorts.id });
  const student = await t.signedInDirectly('client', { fullName: 'Amina Njeri' });
  const [enrollment] = await db
    .insert(enrollments)
    .values({
      profileId: student.profileId,
      courseId: 'event-security',
      cohortId: cohort!.id,
      coursePrice: 18_000,
      paymentMethod: 'cash',
      status: 'active',
      paymentStatus: 'paid',
    })
    .returning({ id: enrollments.id });
  await db.insert(payments).values({
    enrollmentId: enrollment!.id,
    payerProfileId: student.profileId,
    provider: 'office',
    method: 'cash',
    amount: 18_000,
    status: 'paid',
    paidAt: new Date(),
    apiRef: 'search-test-2',
    // As the desk typed it.
    providerRef: 'rct-0042',
  });
  return { reference: booking!.reference, companyId: company.profileId };
}

async function found<Page extends { items: unknown[] }>(path: string, q: string): Promise<Page['items']> {
  const res = await admin.get(`${path}?q=${encodeURIComponent(q)}`);
  expect(res.status, `${path} q=${q}`).toBe(200);
  return ((await res.json()) as Page).items;
}

describe('console searches find a row by every name it shows', () => {
  it('Clients: the person, the company under them, the e-mail and the phone', async () => {
    const { companyId } = await scene();
    for (const q of ['Wanjiru Kamau', 'Kilimani Heights', 'heights ltd', '0722 000 111']) {
      const items = await found<AdminClientPage>('/api/admin/clients', q);
      expect(
        items.map((c) => c.profileId),
        q,
      ).toEqual([companyId]);
    }
  });

  it('Bookings: the reference, the client, the company under them, each guard and the area', async () => {
    const { reference } = await scene();
    for (const q of [reference, reference.slice(4), 'Wanjiru', 'Kilimani Heights', 'Peter Ochieng', 'Mary Auma', 'Kilimani']) {
      const items = await found<AdminBookingPage>('/api/admin/bookings', q);
      expect(
        items.map((b) => b.reference),
        q,
      ).toEqual([reference]);
    }
  });

  it('Payments: the booking reference, the client, the company, the phone, the provider reference, the course and the receipt', async () => {
    const { reference } = await scene();
    const cases: [string, string][] = [
      [reference, reference],
      ['Wanjiru Kamau', reference],
      ['Kilimani Heights', reference],
      ['0722000111', reference],
      ['SBX7F3A2C9D', reference],
      ['sbx7f3a2c9d', reference],
      ['Event Security', 'Course fee'],
      ['Amina', 'Course fee'],
      ['rct-0042', 'Course fee'],
      ['RCT-0042', 'Course fee'],
    ];
    for (const [q, shown] of cases) {
      const items = await found<AdminPaymentPage>('/api/admin/payments', q);
      expect(
        items.map((p) => p.bookingReference ?? 'Course fee'),
        q,
      ).toEqual([shown]);
    }
  });
});
