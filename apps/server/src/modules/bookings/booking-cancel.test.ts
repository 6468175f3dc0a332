/** A client drops a booking still waiting for payment: the hold goes at once, late money goes back. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNPAID_HOLDS_MAX } from '@ops/shared/domain/booking-rules';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { approveMpesa, book, bookingRow, pay, payingScene } from '../../test/payment-helpers.ts';
import { ALREADY_CANCELLED_MESSAGE, CLIENT_UNPAID_CANCEL_REASON } from './booking-cancel.service.ts';
import { UNPAID_HOLDS_MESSAGE } from './booking-create.service.ts';

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

describe('a client cancelling a booking awaiting payment', () => {
  it("releases the guard's time at once for anyone, and the client's unpaid holds count one fewer", async () => {
    const { client, guard, booking } = await payingScene(t);
    const res = await client.client.post(`/api/bookings/${booking.id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: booking.id, reference: booking.reference, status: 'cancelled', refund: 0, refundPercent: 0 });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      cancelledReason: CLIENT_UNPAID_CANCEL_REASON,
      cancelledBy: 'client',
    });

    // Another client takes the same guard at the same time straight away.
    const other = await t.signedIn('client');
    await book(other.client, guard.profileId);

    // Three holds is the most; dropping one lets the client book again at once.
    const holds = [];
    for (let day = 4; day < 4 + UNPAID_HOLDS_MAX; day += 1) holds.push(await book(client.client, null, { date: inDaysText(day) }));
    const refused = await client.client.post('/api/bookings', bookingBody(inDaysText(9)));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(UNPAID_HOLDS_MESSAGE);
    expect((await client.client.post(`/api/bookings/${holds[0]!.id}/cancel`, {})).status).toBe(200);
    expect((await client.client.post('/api/bookings', bookingBody(inDaysText(9)))).status).toBe(201);
  });

  it('lets a checkout under way finish at the provider, and gives back money that arrives for the cancelled booking', async () => {
    const { client, booking } = await payingScene(t);
    const { body: payment } = await pay(client.client, booking.id);
    expect(payment.status).toBe('pending');
    expect((await client.client.post(`/api/bookings/${booking.id}/cancel`, {})).status).toBe(200);
    await approveMpesa(client.client, payment.checkoutUrl);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('is for its own client only, and tells a second press it is already cancelled', async () => {
    const { client, guard, admins, booking } = await payingScene(t);
    const other = await t.signedIn('client');
    const partner = await t.signedIn('partner');
    const path = `/api/bookings/${booking.id}/cancel`;
    expect((await other.client.post(path, {})).status).toBe(404);
    expect((await guard.client.post(path, {})).status).toBe(403);
    expect((await partner.client.post(path, {})).status).toBe(403);
    expect((await admins[0]!.client.post(path, {})).status).toBe(403);
    expect((await t.client().post(path, {})).status).toBe(401);
    expect((await client.client.post('/api/bookings/not-a-booking/cancel', {})).status).toBe(400);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', cancelledReason: null });

    // Twenty presses at once cancel once; the others are told it already is.
    const presses = await Promise.all(Array.from({ length: 20 }, () => client.client.post(path, {})));
    expect(presses.filter((r) => r.status === 200)).toHaveLength(1);
    const late = presses.find((r) => r.status === 409)!;
    expect(((await late.json()) as { message: string }).message).toBe(ALREADY_CANCELLED_MESSAGE);
  });
});

function inDaysText(days: number) {
  return new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
}

function bookingBody(date: string) {
  return {
    serviceType: 'personal',
    guardId: null,
    teamSize: 1,
    date,
    startTime: '09:00',
    duration: 8,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: 'Karen',
  };
}
