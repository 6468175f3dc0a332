import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_BLOCKED_MESSAGE,
  CANNOT_BLOCK_ADMIN_MESSAGE,
  CANNOT_BLOCK_SELF_MESSAGE,
  DEFAULT_BLOCK_REASON,
  type AdminClientPage,
  type AdminClientRow,
  type BlockClientResult,
} from '@ops/shared/schemas/admin-clients';
import { sessions } from '../../db/schema/auth.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { cohorts, courses, enrollments } from '../../db/schema/academy.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { insertBooking } from '../../test/fixtures.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { BLOCKED_HOLD_REASON } from './admin-clients.service.ts';

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
const unblock = (profileId: string, by: TestClient = admin.client) => by.post(`/api/admin/clients/${profileId}/unblock`, {});

const signIn = (email: string) => t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });

async function sessionCount(profileId: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(profiles.id, profileId));
  return rows.length;
}

const auditOf = (action: string, subject: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectProfileId, subject)));

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

describe('blocking a client', () => {
  it('ends the account’s sessions at once: its cookie is refused on the next request', async () => {
    const client = await t.signedIn('client');
    expect((await client.client.get('/api/me')).status).toBe(200);

    const res = await block(client.profileId, { reason: 'Abusive messages to guards' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as BlockClientResult;
    expect(result).toMatchObject({ endedSessions: 1, client: { status: 'blocked', blockedReason: 'Abusive messages to guards' } });
    expect(await sessionCount(client.profileId)).toBe(0);

    const refused = await client.client.get('/api/bookings');
    expect(refused.status).toBe(401);
  });

  it('refuses a blocked account’s live session on every route, with 403 and the reason', async () => {
    const client = await t.signedInDirectly('client');
    // A session that outlived the block (written after it, as a sign-in racing the block could).
    await t.database.db.update(profiles).set({ blockedAt: new Date(), blockedReason: DEFAULT_BLOCK_REASON }).where(eq(profiles.id, client.profileId));

    for (const path of ['/api/me', '/api/bookings', '/api/notifications']) {
      const res = await client.client.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
    }
  });

  it('refuses it too where Better Auth looks the session up (a session not to be remembered)', async () => {
    const { email, profileId } = await t.signedIn('client');
    const browser = t.client();
    expect((await browser.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD, rememberMe: false })).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
    await t.database.db.update(profiles).set({ blockedAt: new Date(), blockedReason: DEFAULT_BLOCK_REASON }).where(eq(profiles.id, profileId));

    const res = await browser.get('/api/me');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
  });

  it('refuses sign-in with a clear message and writes no session; unblocking lets the person sign in again', async () => {
    const client = await t.signedIn('client');
    expect((await block(client.profileId)).status).toBe(200);

    const refused = await signIn(client.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
    expect(refused.headers.getSetCookie().filter((c) => c.includes('session_token=') && !/max-age=0/i.test(c))).toEqual([]);
    expect(await sessionCount(client.profileId)).toBe(0);
    // A wrong password is still just a wrong password: the block is told only to the account's holder.
    const wrong = await t.client().post('/api/auth/sign-in/email', { email: client.email, password: 'Not-The-Password-1' });
    expect(wrong.status).toBe(401);

    const res = await unblock(client.profileId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'active', blockedAt: null, blockedReason: null });
    const again = await signIn(client.email);
    expect(again.status).toBe(200);
    expect(await sessionCount(client.profileId)).toBe(1);
  });

  it('releases the client’s unpaid holds and leaves paid bookings and a checkout under way', async () => {
    const client = await t.signedInDirectly('client');
    const other = await t.signedInDirectly('client');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const unpaid = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'unpaid', startTime: soon });
    const failed = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'failed', startTime: soon });
    const paying = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'pending', startTime: soon });
    const confirmed = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'confirmed', startTime: soon });
    const someoneElses = await insertBooking(t.database.db, {
      clientProfileId: other.profileId,
      status: 'pending',
      paymentStatus: 'unpaid',
      startTime: soon,
    });

    const res = await block(client.profileId);
    expect(await res.json()).toMatchObject({ releasedHolds: 2 });

    const rows = await t.database.db.select().from(bookings);
    const byId = new Map(rows.map((b) => [b.id, b]));
    expect(byId.get(unpaid)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', cancelledReason: BLOCKED_HOLD_REASON });
    expect(byId.get(failed)).toMatchObject({ status: 'cancelled', cancelledReason: BLOCKED_HOLD_REASON });
    expect(byId.get(paying)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(byId.get(confirmed)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(byId.get(someoneElses)).toMatchObject({ status: 'pending' });

    const [audit] = await auditOf('client.block', client.profileId);
    expect(audit).toMatchObject({
      actorProfileId: admin.profileId,
      recordType: 'profile',
      recordId: client.profileId,
      before: { status: 'active' },
      after: { status: 'blocked', reason: DEFAULT_BLOCK_REASON, endedSessions: 1 },
    });
    expect((audit?.after as { releasedBookingIds: string[] }).releasedBookingIds.sort()).toEqual([unpaid, failed].sort());
  });

  it('stores the reason given, or the default one, and records who blocked and who unblocked', async () => {
    const client = await t.signedInDirectly('client');
    await block(client.profileId, { reason: '  ' });
    const [stored] = await t.database.db.select().from(profiles).where(eq(profiles.id, client.profileId));
    expect(stored).toMatchObject({ blockedReason: DEFAULT_BLOCK_REASON, blockedByProfileId: admin.profileId });

    // Blocking again changes nothing and records nothing.
    expect(await (await block(client.profileId, { reason: 'Another reason' })).json()).toMatchObject({
      endedSessions: 0,
      releasedHolds: 0,
      client: { blockedReason: DEFAULT_BLOCK_REASON },
    });
    expect(await auditOf('client.block', client.profileId)).toHaveLength(1);

    await unblock(client.profileId);
    const [cleared] = await t.database.db.select().from(profiles).where(eq(profiles.id, client.profileId));
    expect(cleared).toMatchObject({ blockedAt: null, blockedReason: null, blockedByProfileId: null });
    expect(await auditOf('client.unblock', client.profileId)).toMatchObject([
      { actorProfileId: admin.profileId, before: { status: 'blocked', reason: DEFAULT_BLOCK_REASON }, after: { status: 'active' } },
    ]);
  });

  it('refuses to block yourself (403) or another admin (409), changing nothing', async () => {
    const self = await block(admin.profileId);
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ message: CANNOT_BLOCK_SELF_MESSAGE });

    const other = await t.signedInDirectly('admin');
    const res = await block(other.profileId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: CANNOT_BLOCK_ADMIN_MESSAGE });
    expect((await other.client.get('/api/me')).status).toBe(200);
    expect(await sessionCount(other.profileId)).toBe(1);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'client.block'))).toEqual([]);
  });

  it('answers 404 for someone who is not a client, and refuses an over-long reason', async () => {
    const guard = await t.signedInDirectly('guard');
    expect((await block(guard.profileId)).status).toBe(404);
    expect((await unblock(crypto.randomUUID())).status).toBe(404);
    const client = await t.signedInDirectly('client');
    const long = await block(client.profileId, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { reason: 'The reason must be at most 500 characters' } });
  });
});
