import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BLOCK_REASON, type AdminClientPage, type AdminClientRow } from '@ops/shared/schemas/admin-clients';
import { auditEvents } from '../../db/schema/audit.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { insertBooking } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

async function list(query: string): Promise<AdminClientPage> {
  const res = await admin.client.get(`/api/admin/clients?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminClientPage;
}
const names = async (query: string) => (await list(query)).items.map((c) => c.fullName);

const block = (profileId: string, body: unknown = {}, by: TestClient = admin.client) => by.post(`/api/admin/clients/${profileId}/block`, body);

describe('GET /api/admin/clients', () => {
  it('lists client accounts only, with their bookings count and total paid', async () => {
    const amina = await t.signedInDirectly('client', {
      fullName: 'Amina Hassan',
      isCompany: true,
      companyName: 'Hassan Logistics Ltd',
      phone: '254712000111',
    });
    await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
    await t.signedInDirectly('guard', { fullName: 'Guard Person' });
    await t.signedInDirectly('partner', { fullName: 'Partner Person' });
    await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'completed', price: 12500 });
    await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'confirmed', price: 4000 });
    await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'pending', price: 999 });
    await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'cancelled', paymentStatus: 'refunded', price: 7000 });

    const page = await list('sort=name&dir=asc');
    expect(page.items.map((c) => c.fullName)).toEqual(['Amina Hassan', 'Brian Otieno']);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject<Partial<AdminClientRow>>({
      profileId: amina.profileId,
      email: amina.email,
      phone: '254712000111',
      isCompany: true,
      companyName: 'Hassan Logistics Ltd',
      bookingsCount: 4,
      totalPaid: 16500,
      status: 'active',
      blockedAt: null,
      blockedReason: null,
    });
    expect(page.items[1]).toMatchObject({ bookingsCount: 0, totalPaid: 0, status: 'active' });
  });

  it('counts course fees paid (online or at the office) in the total paid, and not fees unpaid or refunded', async () => {
    const db = t.database.db;
    const student = await t.signedInDirectly('client', { fullName: 'Amina Njeri' });
    await insertBooking(db, { clientProfileId: student.profileId, status: 'completed', price: 9600 });
    await db.insert(courses).values({
      id: 'cpo',
      title: 'Certified Protection Officer',
      tagline: 'Tagline',
      description: 'Description',
      durationWeeks: 6,
      price: 45_000,
      level: 'Advanced',
      accreditation: 'EBSSA',
      category: 'Security',
      maxStudents: 15,
    });
    const fee = async (status: 'paid' | 'pending' | 'refunded', provider: 'office' | 'intasend', ref: string) => {
      // A cohort each: one seat per student and cohort.
      const [cohort] = await db
        .insert(cohorts)
        .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15 })
        .returning({ id: cohorts.id });
      const [enrollment] = await db
        .insert(enrollments)
        .values({
          profileId: student.profileId,
          courseId: 'cpo',
          cohortId: cohort!.id,
          coursePrice: 45_000,
          paymentMethod: provider === 'office' ? 'cash' : 'intasend',
          status: status === 'refunded' ? 'cancelled' : 'active',
          paymentStatus: status === 'paid' ? 'paid' : status === 'refunded' ? 'refunded' : 'pending',
        })
        .returning({ id: enrollments.id });
      const received = status === 'paid' || status === 'refunded';
      await db.insert(payments).values({
        enrollmentId: enrollment!.id,
        payerProfileId: student.profileId,
        provider,
        method: provider === 'office' ? 'cash' : 'mpesa',
        amount: 45_000,
        status,
        paidAt: received ? new Date() : null,
        refundedAmount: status === 'refunded' ? 45_000 : null,
        refundedAt: status === 'refunded' ? new Date() : null,
        apiRef: `fee-${ref}`,
        providerRef: ref,
      });
    };
    await fee('paid', 'office', 'RCT-0042');
    await fee('paid', 'intasend', 'INV-1');
    await fee('pending', 'intasend', 'INV-2');
    await fee('refunded', 'intasend', 'INV-3');

    const [row] = (await list('q=Amina Njeri')).items;
    // The booking's KES 9,600 and two fees of KES 45,000.
    expect(row).toMatchObject({ bookingsCount: 1, totalPaid: 99_600 });
  });

  it('searches by a fragment of the name, the e-mail or the phone', async () => {
    await t.signedInDirectly('client', { fullName: 'Wanjiru Kamau', email: 'w.kamau@example.co.ke', phone: '254712345678' });
    await t.signedInDirectly('client', { fullName: 'Otieno Ouma', email: 'ouma_100%@example.co.ke', phone: '254798000111' });
    await t.signedInDirectly('guard', { fullName: 'Kamau Guard' });

    expect(await names('q=kamau')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=W.KAMAU@')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=0712 345')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=254798')).toEqual(['Otieno Ouma']);
    expect(await names('q=100%25')).toEqual(['Otieno Ouma']);
    expect(await list('q=nobody-like-this')).toMatchObject({ items: [], total: 0 });
    expect(await list('q=example.co.ke&pageSize=10')).toMatchObject({ total: 2 });
    expect(await list('q=example.co.ke&pageSize=10&page=2')).toMatchObject({ items: [], total: 2 });
  });

  it('filters Active and Blocked, sorts by name or joined date, and pages with a total', async () => {
    const people: string[] = [];
    for (const name of ['Chebet', 'Amani', 'Dalmas', 'Baraka']) people.push((await t.signedInDirectly('client', { fullName: name })).profileId);
    const day = (n: number) => new Date(Date.UTC(2026, 9, n));
    for (const [i, id] of people.entries()) {
      await t.database.db
        .update(profiles)
        .set({ createdAt: day(i + 1) })
        .where(eq(profiles.id, id));
    }
    expect((await block(people[2]!)).status).toBe(200);

    expect(await names('')).toEqual(['Baraka', 'Dalmas', 'Amani', 'Chebet']);
    expect(await names('sort=name&dir=asc')).toEqual(['Amani', 'Baraka', 'Chebet', 'Dalmas']);
    expect(await names('sort=created&dir=asc')).toEqual(['Chebet', 'Amani', 'Dalmas', 'Baraka']);
    expect(await list('status=blocked')).toMatchObject({
      total: 1,
      items: [{ fullName: 'Dalmas', status: 'blocked', blockedReason: DEFAULT_BLOCK_REASON }],
    });
    expect(await names('status=active&sort=name&dir=asc')).toEqual(['Amani', 'Baraka', 'Chebet']);
    expect(await list('status=active')).toMatchObject({ total: 3 });
    expect(await list('status=active&q=amani')).toMatchObject({ total: 1 });

    for (let i = 0; i < 8; i += 1) await t.signedInDirectly('client', { fullName: `Extra ${String(i).padStart(2, '0')}` });
    const first = await list('pageSize=10&sort=name&dir=asc');
    const second = await list('pageSize=10&sort=name&dir=asc&page=2');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(second.items.map((c) => c.fullName)).toEqual(['Extra 06', 'Extra 07']);
    expect(new Set([...first.items, ...second.items].map((c) => c.profileId)).size).toBe(12);
  });

  it('refuses an unknown sort or status', async () => {
    const res = await admin.client.get('/api/admin/clients?sort=bookings&status=deleted');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { sort: 'Unknown sort column', status: 'Unknown status' } });
  });

  it('records the read of the page in the audit trail', async () => {
    const client = await t.signedInDirectly('client');
    await list('');
    const [read] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'client.list'));
    expect(read).toMatchObject({ actorProfileId: admin.profileId, after: { page: 1, clientProfileIds: [client.profileId] } });
  });
});
