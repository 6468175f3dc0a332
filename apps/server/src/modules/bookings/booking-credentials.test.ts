import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayText } from '@ops/shared/domain/date-text';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
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

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

/** A daily booking from the wizard: three 24-hour days from 08:00 on inDays(3), so it ends on inDays(6). */
const threeDays = (guardId: string) => ({
  serviceType: 'personal',
  guardId,
  teamSize: 1,
  date: inDays(3),
  endDate: inDays(5),
  startTime: '08:00',
  duration: 24,
  durationType: 'daily',
  dressCode: 'business_suit',
  location: 'Karen',
  address: '12 Karen Road',
});
const formBooking = (guardId: string) => ({
  serviceType: 'vip',
  bookingType: 'hourly',
  startDate: inDays(2),
  startTime: '08:00',
  endTime: '16:00',
  location: 'Westlands',
  guards: 1,
  guardId,
});

async function nothingWritten() {
  expect(await t.database.db.select().from(bookings)).toEqual([]);
  expect(await t.database.db.select().from(notifications)).toEqual([]);
}

describe('a guard is booked only while their PSRA licence and police clearance hold (Kenya, PSRA Act)', () => {
  it.each([
    ['no PSRA licence', { psraLicenceNumber: null }, 'This guard cannot be booked at the moment: no PSRA licence is on record.'],
    [
      'no police clearance',
      { policeClearanceIssuedOn: null, policeClearanceExpiresOn: null },
      'This guard cannot be booked at the moment: no police clearance is on record.',
    ],
    [
      'an expired police clearance',
      { policeClearanceExpiresOn: inDays(-2) },
      `This guard cannot be booked at the moment: the police clearance expired on ${dayText(inDays(-2))}.`,
    ],
    [
      'an expired PSRA licence',
      { psraLicenceExpiresOn: inDays(-1) },
      `This guard cannot be booked at the moment: the PSRA licence expired on ${dayText(inDays(-1))}.`,
    ],
  ])('refuses a guard with %s on the wizard, its quote and the form, naming the reason, and writes nothing', async (_label, credentials, message) => {
    const guardId = await insertGuard(t.database.db, credentials);
    const { client } = await t.signedIn('client');
    for (const [path, body] of [
      ['/api/bookings', threeDays(guardId)],
      ['/api/bookings/quote', threeDays(guardId)],
      ['/api/bookings/form', formBooking(guardId)],
      ['/api/bookings/form/quote', formBooking(guardId)],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status, path).toBe(409);
      expect(await res.json(), path).toEqual({ code: 'CONFLICT', message, fields: { guardId: message } });
    }
    await nothingWritten();
  });

  it('refuses a booking that runs past the day the clearance expires, and takes one that ends on that day', async () => {
    const guardId = await insertGuard(t.database.db, { policeClearanceExpiresOn: inDays(4) });
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', threeDays(guardId));
    expect(res.status).toBe(409);
    const message = `This guard cannot be booked past ${dayText(inDays(4))}: their PSRA licence or police clearance expires before the booking ends.`;
    expect(await res.json()).toMatchObject({ message, fields: { guardId: message } });
    await nothingWritten();

    // One 24-hour day from 08:00 on inDays(3) ends at 08:00 on inDays(4), the clearance's last day.
    const lastDay = await client.post('/api/bookings', { ...threeDays(guardId), endDate: inDays(3) });
    expect(lastDay.status).toBe(201);
    expect(await t.database.db.select().from(bookings)).toHaveLength(1);
  });

  it('counts a night that ends at 06:00 on the expiry day as ending that day', async () => {
    const guardId = await insertGuard(t.database.db, { psraLicenceExpiresOn: inDays(3) });
    const { client } = await t.signedIn('client');
    const night = { ...formBooking(guardId), bookingType: 'daily', shiftType: 'night', startDate: inDays(2), endDate: inDays(2) };
    const res = await client.post('/api/bookings/form', night);
    expect(res.status).toBe(201);
  });
});
