/**
 * The console's Bookings view: the table (search, filters, order) and the admin's status moves,
 * which follow the booking's machine and are written with their audit row and notices.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingPaymentStatus, BookingStatus } from '@ops/shared/constants';
import { nairobiDateTimeText } from '@ops/shared/domain/date-text';
import type { AdminBookingPage, AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { insertBooking, insertGuard } from '../../test/fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

const DAY = 86_400_000;

async function page(admin: TestClient, query: string): Promise<AdminBookingPage> {
  const res = await admin.get(`/api/admin/bookings${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminBookingPage;
}
const refs = (p: AdminBookingPage) => p.items.map((b) => b.reference);

async function referenceOf(id: string): Promise<string> {
  const [row] = await t.database.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error('no booking');
  return row.reference;
}

describe('GET /api/admin/bookings', () => {
  async function scene() {
    const admin = await t.signedInDirectly('admin');
    const amina = await t.signedInDirectly('client', { fullName: 'Amina Hassan' });
    const brian = await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
    const james = await insertGuard(t.database.db, { fullName: 'James Mwangi' });
    const peter = await insertGuard(t.database.db, { fullName: 'Peter Kiprono' });
    // Start times in Nairobi: 2027-03-01, 03-05 and 03-09, all at 09:00.
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    const early = await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      guardProfileId: james,
      status: 'completed',
      startTime: at('2027-03-01'),
    });
    const middle = await insertBooking(t.database.db, { clientProfileId: brian.profileId, status: 'pending', startTime: at('2027-03-05'), area: 'Runda' });
    const late = await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      status: 'confirmed',
      startTime: at('2027-03-09'),
      area: 'Westlands',
    });
    // Peter is on the late booking as one of its team.
    const lateRow = (await t.database.db.select().from(bookings).where(eq(bookings.id, late)))[0];
    if (!lateRow) throw new Error('no booking');
    await t.database.db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, late));
    await t.database.db
      .insert(bookingGuards)
      .values({ bookingId: late, guardProfileId: peter, startTime: lateRow.startTime, endTime: lateRow.endTime, live: true });
    return { admin, early: await referenceOf(early), middle: await referenceOf(middle), late: await referenceOf(late) };
  }

  it('lists the latest start first with client, guards, area, price and statuses, and a total', async () => {
    const s = await scene();
    const all = await page(s.admin.client, '');
    expect(refs(all)).toEqual([s.late, s.middle, s.early]);
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject<Partial<AdminBookingRow>>({
      client: expect.objectContaining({ fullName: 'Amina Hassan' }) as AdminBookingRow['client'],
      guards: [expect.objectContaining({ fullName: 'Peter Kiprono' }) as AdminBookingRow['guards'][number]],
      teamSize: 2,
      area: 'Westlands',
      price: 9600,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect(all.items[2]?.guards.map((g) => g.fullName)).toEqual(['James Mwangi']);
    expect(all.items[1]?.guards).toEqual([]);
    expect(refs(await page(s.admin.client, '?sort=start&dir=asc'))).toEqual([s.early, s.middle, s.late]);
  });

  it('searches by reference (whole or its beginning), client name, any guard’s name and area', async () => {
    const s = await scene();
    expect(refs(await page(s.admin.client, `?q=${s.middle}`))).toEqual([s.middle]);
    expect(refs(await page(s.admin.client, `?q=${s.middle.slice(0, -1).toLowerCase()}`))).toContain(s.middle);
    expect(refs(await page(s.admin.client, '?q=amina'))).toEqual([s.late, s.early]);
    expect(refs(await page(s.admin.client, '?q=Mwangi'))).toEqual([s.early]);
    expect(refs(await page(s.admin.client, '?q=kiprono'))).toEqual([s.late]);
    const runda = await page(s.admin.client, '?q=runda');
    expect(refs(runda)).toEqual([s.middle]);
    expect(runda.total).toBe(1);
    expect((await page(s.admin.client, '?q=nobody-like-this')).total).toBe(0);
    // A search's total comes with its page, and still holds on a page past its last match.
    expect(await page(s.admin.client, '?q=amina&pageSize=10&page=2')).toMatchObject({ items: [], total: 2 });
  });

  it('filters by status, payment status and the Nairobi days of the start', async () => {
    const s = await scene();
    expect(refs(await page(s.admin.client, '?status=pending'))).toEqual([s.middle]);
    const paid = await page(s.admin.client, '?payment=paid');
    expect(refs(paid)).toEqual([s.late, s.early]);
    expect(paid.total).toBe(2);
    expect(refs(await page(s.admin.client, '?from=2027-03-05&to=2027-03-09'))).toEqual([s.late, s.middle]);
    expect(refs(await page(s.admin.client, '?from=2027-03-02&to=2027-03-05&status=pending'))).toEqual([s.middle]);
    expect(refs(await page(s.admin.client, '?to=2027-03-01'))).toEqual([s.early]);
  });

  it('refuses unknown filters and a range that ends before it starts', async () => {
    const admin = await t.signedInDirectly('admin');
    expect((await admin.client.get('/api/admin/bookings?status=lost')).status).toBe(400);
    expect((await admin.client.get('/api/admin/bookings?payment=maybe')).status).toBe(400);
    expect((await admin.client.get('/api/admin/bookings?from=2027-03-05&to=2027-03-01')).status).toBe(400);
  });
});

describe('POST /api/admin/bookings/:id/status', () => {
  async function booking(status: BookingStatus, paymentStatus: BookingPaymentStatus, startTime = new Date(Date.now() + 3 * DAY)) {
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client');
    const guard = await insertGuard(t.database.db);
    const id = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      guardProfileId: guard,
      status,
      paymentStatus,
      startTime,
    });
    return { admin, client, guard, id };
  }
  const statusAudits = (id: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'booking.status')));
  const noticesOf = (profileId: string) => t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId));

  it('confirms a pending paid booking, writes the audit row, and tells the client and the guard', async () => {
    const { admin, client, guard, id } = await booking('pending', 'paid');
    const res = await admin.client.post(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'confirmed', paymentStatus: 'paid' });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'booking.status')));
    expect(audit).toMatchObject({
      actorProfileId: admin.profileId,
      before: { status: 'pending', paymentStatus: 'paid' },
      after: { status: 'confirmed', paymentStatus: 'paid' },
    });
    expect((await noticesOf(client.profileId)).map((n) => n.message)).toEqual([expect.stringMatching(/is confirmed/)]);
    expect((await noticesOf(guard)).map((n) => n.type)).toEqual(['booking']);
  });

  it('completes a confirmed booking that has ended, and cancels a paid confirmed one leaving the payment paid', async () => {
    // Eight hours from two days ago: over yesterday.
    const done = await booking('confirmed', 'paid', new Date(Date.now() - 2 * DAY));
    const completed = await done.admin.client.post(`/api/admin/bookings/${done.id}/status`, { status: 'completed' });
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await statusAudits(done.id)).toHaveLength(1);

    const off = await booking('confirmed', 'paid');
    const cancelled = await off.admin.client.post(`/api/admin/bookings/${off.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect((await noticesOf(off.guard)).map((n) => n.message)).toEqual([expect.stringMatching(/cancelled/)]);
    // The guard's time is free again.
    const [row] = await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, off.id));
    expect(row?.live).toBe(false);
    // The confirmed booking leaves the calendars it was put in, saying who cancelled it.
    expect(await t.runJobs('send-booking-cancelled')).toEqual([{ bookingId: off.id }]);
    const update = t.mailer.messages.find((m) => /cancelled$/.test(m.subject));
    expect(update?.text).toContain('the OPS office cancelled it');
    expect(String(update?.attachments?.[0]?.content)).toContain('METHOD:CANCEL');
  });

  it.each([
    ['completed', 'paid', 'pending'],
    ['pending', 'paid', 'completed'],
    ['cancelled', 'unpaid', 'confirmed'],
    ['cancelled', 'unpaid', 'pending'],
    ['completed', 'paid', 'cancelled'],
    ['confirmed', 'paid', 'confirmed'],
  ] as const)('refuses %s (%s) → %s with 409 and writes nothing', async (status, paymentStatus, to) => {
    const { admin, id } = await booking(status, paymentStatus);
    const before = await rowCounts(t.database.db);
    const res = await admin.client.post(`/api/admin/bookings/${id}/status`, { status: to });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/cannot be marked/);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.status).toBe(status);
  });

  it('refuses to complete a booking before its end: 409 with the reason, nothing written, no audit row', async () => {
    // Starts in three days at this time of day, for eight hours.
    const start = new Date(Date.now() + 3 * DAY);
    for (const startTime of [start, new Date(Date.now() - 3_600_000)]) {
      const { admin, client, id } = await booking('confirmed', 'paid', startTime);
      const before = await rowCounts(t.database.db);
      const res = await admin.client.post(`/api/admin/bookings/${id}/status`, { status: 'completed' });
      expect(res.status).toBe(409);
      const end = new Date(startTime.getTime() + 8 * 3_600_000);
      expect(((await res.json()) as { message: string }).message).toBe(
        `A booking can be marked completed only once it has ended: this one ends on ${nairobiDateTimeText(end)}.`,
      );
      expect(await rowCounts(t.database.db)).toEqual(before);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', completedAt: null });
      expect(await statusAudits(id)).toHaveLength(0);
      expect(await noticesOf(client.profileId)).toHaveLength(0);
    }
  });

  it('refuses to complete an ended booking that lacked guards it was booked with (1 of 4), writing nothing', async () => {
    const { admin, id } = await booking('confirmed', 'paid', new Date(Date.now() - 2 * DAY));
    await t.database.db.update(bookings).set({ teamSize: 4 }).where(eq(bookings.id, id));
    const before = await rowCounts(t.database.db);
    const res = await admin.client.post(`/api/admin/bookings/${id}/status`, { status: 'completed' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This booking had 1 of the 4 guards it was booked with, so it cannot be marked completed: refund it from Payments or cancel it.',
    );
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await statusAudits(id)).toHaveLength(0);
  });

  it('refuses to confirm a booking that is not paid, writing nothing', async () => {
    const { admin, id } = await booking('pending', 'unpaid');
    const before = await rowCounts(t.database.db);
    const res = await admin.client.post(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('Only a paid booking can be confirmed. This booking has not been paid yet.');
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('answers 404 for an unknown booking and 400 for an unknown status', async () => {
    const { admin, id } = await booking('pending', 'paid');
    expect((await admin.client.post(`/api/admin/bookings/${crypto.randomUUID()}/status`, { status: 'cancelled' })).status).toBe(404);
    expect((await admin.client.post(`/api/admin/bookings/${id}/status`, { status: 'lost' })).status).toBe(400);
  });
});
