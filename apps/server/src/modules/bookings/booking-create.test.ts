import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nairobiDate, addDaysToDate } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { settings } from '../../db/schema/settings.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { expireLapsedHolds, startHoldSweeper } from './booking-holds.service.ts';

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

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

function wizard(guardId: string | null, overrides: Record<string, unknown> = {}) {
  return {
    serviceType: 'personal',
    guardId,
    teamSize: 2,
    date: inDays(3),
    startTime: '09:00',
    duration: 8,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: 'Karen',
    address: '12 Karen Road',
    notes: 'Gate 2',
    ...overrides,
  };
}

async function storedBookings() {
  return t.database.db.select().from(bookings);
}

describe('creating a booking from the wizard', () => {
  it('stores it pending and unpaid at the server’s price, holding the slot for 30 minutes', async () => {
    const guardId = await insertGuard(t.database.db, { rateHourly: 1800 });
    const { client, profileId } = await t.signedIn('client');

    const quote = await client.post('/api/bookings/quote', wizard(guardId));
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ price: 2 * 8 * 1800, durationHours: 8, hourlyRate: 1800, currency: 'KES' });

    const before = Date.now();
    const res = await client.post('/api/bookings', wizard(guardId, { totalCost: 28_800 }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; reference: string; holdExpiresAt: string };
    expect(body).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', price: 28_800, durationHours: 8 });
    expect(body.reference).toMatch(/^OPS-[A-Z2-9]{6}$/);
    const holdMinutes = (new Date(body.holdExpiresAt).getTime() - before) / 60_000;
    expect(holdMinutes).toBeGreaterThan(29.9);
    expect(holdMinutes).toBeLessThan(30.5);

    const [row] = await storedBookings();
    expect(row).toMatchObject({ clientProfileId: profileId, guardProfileId: guardId, price: 28_800, teamSize: 2, area: 'Karen', notes: 'Gate 2' });
    // 09:00 in Nairobi is 06:00 UTC.
    expect(row!.startTime.toISOString()).toBe(`${inDays(3)}T06:00:00.000Z`);
    // No job per booking: the hold sweeper releases it once holdExpiresAt has passed.
    expect(await t.jobs.pending()).toEqual([]);
  });

  it('prices a daily booking by inclusive days at the guard’s daily rate', async () => {
    const guardId = await insertGuard(t.database.db, { rateHourly: 1000, rateDaily: 9000 });
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', wizard(guardId, { durationType: 'daily', duration: 24, endDate: inDays(5) }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ price: 2 * 3 * 9000, durationHours: 72 });
  });

  it('refuses a total that is not the server’s price and stores nothing', async () => {
    const guardId = await insertGuard(t.database.db, { rateHourly: 1800 });
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', wizard(guardId, { totalCost: 100 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { totalCost: expect.stringContaining('KES 28,800') } });
    expect(await storedBookings()).toHaveLength(0);
  });

  it.each([
    ['no guards', { teamSize: 0 }, 'teamSize', 'At least 1 guard is required.'],
    ['21 guards', { teamSize: 21 }, 'teamSize', 'At most 20 guards can be booked at once.'],
    ['5 hours', { duration: 5 }, 'duration', 'Minimum booking is 6 hours.'],
    ['25 hours', { duration: 25 }, 'duration', 'Hourly bookings can be at most 24 hours.'],
    ['a past start', { date: inDays(-1) }, 'date', 'The start time is in the past.'],
    ['a start beyond the advance limit', { date: inDays(31) }, 'date', 'Bookings can be made at most 30 days ahead.'],
    ['no area', { location: '' }, 'location', 'Please select a location.'],
    ['Other without a place', { location: 'Other', address: '  ' }, 'address', 'Please specify the location.'],
    ['no dress code', { dressCode: null }, 'dressCode', 'Please choose a dress code.'],
    ['an end date before the start', { durationType: 'daily', endDate: inDays(2) }, 'endDate', 'The end date cannot be before the start date.'],
  ])('refuses %s with the field’s message and stores nothing', async (_label, overrides, field, message) => {
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', wizard(guardId, overrides));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields[field]).toBe(message);
    expect(await storedBookings()).toHaveLength(0);
  });

  it('follows the advance limit that the admin settings hold', async () => {
    await t.database.db.update(settings).set({ maxAdvanceBookingDays: 60 });
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    expect((await client.post('/api/bookings', wizard(guardId, { date: inDays(45) }))).status).toBe(201);
  });

  it.each([
    ['not approved', { status: 'pending' as const }],
    ['unavailable', { availability: false }],
  ])('refuses a guard who is %s', async (_label, overrides) => {
    const guardId = await insertGuard(t.database.db, overrides);
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', wizard(guardId));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/not available for booking/) });
    expect(await storedBookings()).toHaveLength(0);
  });

  it('refuses a guard id that names no guard, on the wizard and on the form, and stores nothing', async () => {
    const { client } = await t.signedIn('client');
    const nobody = crypto.randomUUID();
    for (const [path, body] of [
      ['/api/bookings', wizard(nobody)],
      ['/api/bookings/quote', wizard(nobody)],
      [
        '/api/bookings/form',
        {
          serviceType: 'vip',
          bookingType: 'hourly',
          startDate: inDays(2),
          startTime: '08:00',
          endTime: '16:00',
          location: 'Westlands',
          guards: 1,
          guardId: nobody,
        },
      ],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.guardId).toBe('Choose a guard from the list.');
    }
    expect(await storedBookings()).toHaveLength(0);
  });

  it('lets only clients book', async () => {
    const guardId = await insertGuard(t.database.db);
    expect((await t.client().post('/api/bookings', wizard(guardId))).status).toBe(401);
    for (const role of ['guard', 'admin', 'partner'] as const) {
      const { client } = await t.signedIn(role);
      const res = await client.post('/api/bookings', wizard(guardId));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Please sign in as a client to book security services.' });
    }
    expect(await storedBookings()).toHaveLength(0);
  });
});

describe('one guard, one booking at a time', () => {
  it('refuses an overlapping booking of the same guard, and allows one that only touches', async () => {
    const guardId = await insertGuard(t.database.db);
    const amina = await t.signedIn('client');
    const brian = await t.signedIn('client');
    expect((await amina.client.post('/api/bookings', wizard(guardId))).status).toBe(201);

    const overlapping = await brian.client.post('/api/bookings', wizard(guardId, { startTime: '12:00' }));
    expect(overlapping.status).toBe(409);
    expect(await overlapping.json()).toMatchObject({ message: expect.stringMatching(/already booked/) });
    // 09:00 + 8 hours ends at 17:00: a booking from 17:00 does not overlap.
    expect((await brian.client.post('/api/bookings', wizard(guardId, { startTime: '17:00' }))).status).toBe(201);
  });

  it('creates exactly one booking when many clients ask for the same slot at the same instant', async () => {
    const guardId = await insertGuard(t.database.db);
    const clients = await Promise.all(Array.from({ length: 8 }, () => t.signedIn('client')));
    const statuses = await Promise.all(clients.map(({ client }) => client.post('/api/bookings', wizard(guardId)).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await storedBookings()).toHaveLength(1);
  });

  it('frees the slot when an unpaid hold expires', async () => {
    const guardId = await insertGuard(t.database.db);
    const amina = await t.signedIn('client');
    const brian = await t.signedIn('client');
    const first = (await (await amina.client.post('/api/bookings', wizard(guardId))).json()) as { id: string };

    // A sweep after the 30 minutes: the booking is cancelled and its slot is free again.
    expect(await expireLapsedHolds(t.database.db, new Date(Date.now() + 31 * 60_000), t.logger)).toBe(1);
    const [expired] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(expired).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', cancelledReason: 'The unpaid hold expired' });
    expect((await brian.client.post('/api/bookings', wizard(guardId))).status).toBe(201);
  });

  it('lets a hold that ran out, but that no sweep has cancelled yet, give way to a new booking', async () => {
    const guardId = await insertGuard(t.database.db);
    const amina = await t.signedIn('client');
    const brian = await t.signedIn('client');
    const first = (await (await amina.client.post('/api/bookings', wizard(guardId))).json()) as { id: string };
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, first.id));

    expect((await brian.client.post('/api/bookings', wizard(guardId))).status).toBe(201);
    const [lapsed] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(lapsed).toMatchObject({ status: 'cancelled', cancelledReason: 'The unpaid hold expired' });
    // A hold still running keeps its slot.
    const carol = await t.signedIn('client');
    expect((await carol.client.post('/api/bookings', wizard(guardId))).status).toBe(409);
  });

  it('has the running server release lapsed holds by itself, and stops when told', async () => {
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    const held = (await (await client.post('/api/bookings', wizard(guardId))).json()) as { id: string };
    const live = (await (await client.post('/api/bookings', wizard(guardId, { date: inDays(4) }))).json()) as { id: string };
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, held.id));
    const statusOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

    const sweeper = startHoldSweeper(t.database.db, () => new Date(), t.logger, 20);
    const deadline = Date.now() + 5000;
    while ((await statusOf(held.id)) !== 'cancelled' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await sweeper.stop();
    expect(await statusOf(held.id)).toBe('cancelled');
    expect(await statusOf(live.id)).toBe('pending');

    // Stopped: a hold that lapses now stays until the next server sweeps.
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, live.id));
    await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(live.id)).toBe('pending');
  });

  it('does not expire a hold before its time', async () => {
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    await client.post('/api/bookings', wizard(guardId));
    expect(await expireLapsedHolds(t.database.db, new Date(Date.now() + 29 * 60_000), t.logger)).toBe(0);
  });
});

describe('the single-page form', () => {
  it('prices with its own rates: a VIP night from 22:00 to 04:00 for 2 guards', async () => {
    const { client } = await t.signedIn('client');
    const body = {
      serviceType: 'vip',
      bookingType: 'hourly',
      startDate: inDays(2),
      startTime: '22:00',
      endTime: '04:00',
      location: 'Westlands',
      guards: 2,
    };
    const res = await client.post('/api/bookings/form', body);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ price: 2000 * 6 * 2, durationHours: 6, status: 'pending', paymentStatus: 'unpaid' });
    const [row] = await storedBookings();
    expect(row).toMatchObject({ serviceType: 'vip', bookingType: 'hourly', teamSize: 2, area: 'Westlands', guardProfileId: null });
  });

  it('refuses a missing service type, start date and location', async () => {
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings/form', { bookingType: 'hourly', startTime: '08:00', endTime: '16:00' });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['serviceType', 'startDate', 'location']));
    expect(await storedBookings()).toHaveLength(0);
  });
});
