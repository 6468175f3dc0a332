/**
 * What a guard sees of the people who book them: the client's name, specific location and phone
 * only on a job assigned to that guard that is paid and not cancelled; otherwise the area alone.
 * Enforced in what the server sends (the dashboard's list and the guard's data export), not by
 * what the page chooses to show.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingPaymentStatus, BookingStatus } from '@ops/shared/constants';
import type { BookingPageDto, BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { insertBooking } from '../../test/fixtures.ts';
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

const ADDRESS = 'Karen Road, Hardy Estate, House 14';
const PHONE = '254712345678';
const CASES: [string, BookingStatus, BookingPaymentStatus, boolean][] = [
  ['unpaid', 'pending', 'unpaid', false],
  ['at checkout', 'pending', 'pending', false],
  ['payment failed', 'pending', 'failed', false],
  ['paid', 'confirmed', 'paid', true],
  ['done', 'completed', 'paid', true],
  ['cancelled after payment', 'cancelled', 'refunded', false],
  ['cancelled unpaid', 'cancelled', 'unpaid', false],
];

async function bookingsOf(client: TestClient): Promise<BookingSummaryDto[]> {
  const res = await client.get('/api/bookings?limit=50');
  expect(res.status).toBe(200);
  return ((await res.json()) as BookingPageDto).items;
}

/** Amina books James once in each state, a week apart; Brian books another guard, paid. */
async function scene() {
  const amina = await t.signedIn('client', { fullName: 'Amina Hassan', phone: PHONE });
  const james = await t.signedIn('guard', { fullName: 'James Mwangi' });
  const ids = new Map<string, string>();
  for (const [i, [label, status, paymentStatus]] of CASES.entries()) {
    const id = await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      guardProfileId: james.profileId,
      status,
      paymentStatus,
      startTime: new Date(Date.now() + (i + 1) * 7 * 86_400_000),
    });
    await t.database.db.update(bookings).set({ address: ADDRESS }).where(eq(bookings.id, id));
    ids.set(label, id);
  }
  const brian = await t.signedIn('client', { fullName: 'Brian Otieno', phone: '254722000111' });
  const otherGuard = await t.signedIn('guard');
  const elsewhere = await insertBooking(t.database.db, { clientProfileId: brian.profileId, guardProfileId: otherGuard.profileId, status: 'confirmed' });
  await t.database.db.update(bookings).set({ address: 'Runda Grove' }).where(eq(bookings.id, elsewhere));
  return { amina, james, ids, otherGuard, elsewhere };
}

describe('what a guard sees of the client on their jobs', () => {
  it.each(CASES)('%s (%s, %s): the client’s details shown: %s', async (label, _status, _payment, shown) => {
    const { james, amina, ids } = await scene();
    const job = (await bookingsOf(james.client)).find((b) => b.id === ids.get(label));
    expect(job?.area).toBe('Karen');
    if (shown) {
      expect(job).toMatchObject({
        address: ADDRESS,
        client: { profileId: amina.profileId, fullName: 'Amina Hassan', phone: PHONE, isCompany: false, companyName: null },
      });
    } else {
      expect(job).toMatchObject({ address: null, client: null });
      expect(JSON.stringify(job)).not.toMatch(/Amina|Hardy|254712345678/);
    }
  });

  it('never lists another guard’s job, and that guard sees its own paid client', async () => {
    const { james, otherGuard, elsewhere } = await scene();
    const mine = await bookingsOf(james.client);
    expect(mine).toHaveLength(CASES.length);
    expect(JSON.stringify(mine)).not.toMatch(/Brian|Runda Grove|254722000111/);
    expect(await bookingsOf(otherGuard.client)).toEqual([
      expect.objectContaining({
        id: elsewhere,
        address: 'Runda Grove',
        client: expect.objectContaining({ fullName: 'Brian Otieno', phone: '254722000111' }),
      }),
    ]);
  });

  it('still shows the client all of their own bookings', async () => {
    const { amina } = await scene();
    const list = await bookingsOf(amina.client);
    expect(list).toHaveLength(CASES.length);
    for (const booking of list) expect(booking).toMatchObject({ address: ADDRESS, client: { fullName: 'Amina Hassan' } });
  });

  it('holds to the same rule in the guard’s copy of their data', async () => {
    const { james, ids } = await scene();
    const data = (await (await james.client.get('/api/me/export')).json()) as {
      bookingsAsGuard: { id: string; address: string | null; client: { name: string } | null }[];
    };
    for (const [label, , , shown] of CASES) {
      const job = data.bookingsAsGuard.find((b) => b.id === ids.get(label));
      expect(job, label).toMatchObject(shown ? { address: ADDRESS, client: { name: 'Amina Hassan' } } : { address: null, client: null });
    }
  });
});

describe('what a second guard of a team sees of the client', () => {
  it('the client’s details on the paid team job they are on, and only the area on an unpaid one', async () => {
    const { amina, james, ids } = await scene();
    const teammate = await t.signedIn('guard', { fullName: 'Peter Kiprono' });
    for (const label of ['paid', 'unpaid']) {
      const id = ids.get(label) ?? '';
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      if (!row) throw new Error('no booking');
      await t.database.db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, id));
      await t.database.db
        .insert(bookingGuards)
        .values({ bookingId: id, guardProfileId: teammate.profileId, startTime: row.startTime, endTime: row.endTime, live: true });
    }
    const jobs = await bookingsOf(teammate.client);
    expect(jobs.map((j) => j.id).sort()).toEqual([ids.get('paid'), ids.get('unpaid')].sort());
    expect(jobs.find((j) => j.id === ids.get('paid'))).toMatchObject({
      address: ADDRESS,
      client: { profileId: amina.profileId, fullName: 'Amina Hassan', phone: PHONE },
      guard: { profileId: james.profileId },
    });
    expect(jobs.find((j) => j.id === ids.get('unpaid'))).toMatchObject({ address: null, client: null });
  });
});
