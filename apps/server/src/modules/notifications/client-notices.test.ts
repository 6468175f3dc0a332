import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { NotificationDto, NotificationListDto } from '@ops/shared/schemas/notifications';
import { DECLINING_CARD, approveMpesa, book, expireHold, pay, payingScene, submitSandbox } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { expireLapsedHolds } from '../bookings/booking-holds.service.ts';
import { refundBooking } from '../payments/payment-refund.service.ts';

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

async function bell(client: TestClient): Promise<NotificationListDto> {
  const res = await client.get('/api/notifications');
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationListDto;
}

/** The client's notices, oldest first. */
const notices = async (client: TestClient): Promise<NotificationDto[]> => (await bell(client)).items.slice().reverse();

/** payment-helpers' booking: 8 hours from 09:00 in three days, in Nairobi time. */
const WHEN = /, \w{3}, \d{1,2} \w{3} \d{4}, 09:00–17:00 \(Nairobi time\)/.source;
const link = (bookingId: string) => `/dashboard?booking=${bookingId}`;

describe('the client hears about their own booking', () => {
  it('is told the booking was received, then that the payment was approved and the booking confirmed; another client hears nothing', async () => {
    const { client, booking } = await payingScene(t);
    const rival = await t.signedIn('client');

    const [received, ...none] = await notices(client.client);
    expect(none).toHaveLength(0);
    expect(received).toMatchObject({ type: 'booking', link: link(booking.id), read: false });
    expect(received?.message).toMatch(
      new RegExp(`^Booking ${booking.reference} received: Personal Guard${WHEN}\\. Pay within 30 minutes to confirm it\\.$`),
    );

    const { body: started } = await pay(client.client, booking.id);
    await approveMpesa(client.client, started.checkoutUrl);
    const after = await notices(client.client);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ type: 'booking_confirmed', link: link(booking.id) });
    expect(after[1]?.message).toMatch(
      new RegExp(`^Payment of KES 9,600 approved: booking ${booking.reference} is confirmed\\. Personal Guard${WHEN}\\.$`),
    );
    expect(await bell(rival.client)).toEqual({ items: [], unreadCount: 0 });
  });

  it('is told once when a payment fails, with the provider’s reason', async () => {
    const { client, booking } = await payingScene(t);
    const { body: attempt } = await pay(client.client, booking.id, { method: 'card' });
    await submitSandbox(client.client, attempt.checkoutUrl, { action: 'approve', ...DECLINING_CARD });

    const told = (await notices(client.client)).slice(1);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'payment',
        link: link(booking.id),
        message: `Payment for booking ${booking.reference} failed: Card declined by the issuer (test card 4000 0000 0000 0002). You can pay again while the booking is held.`,
      }),
    ]);
  });

  it('is told once when an unpaid hold runs out and the booking is cancelled; another client hears nothing', async () => {
    const { client, booking } = await payingScene(t);
    const rival = await t.signedIn('client');
    await expireHold(t, booking.id);
    // A second sweep finds nothing more to cancel, and says nothing more.
    await expireLapsedHolds(t.database.db, new Date(), t.logger);

    const told = (await notices(client.client)).slice(1);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'booking', link: link(booking.id) });
    expect(told[0]?.message).toMatch(
      new RegExp(
        `^Booking ${booking.reference} was cancelled: it was not paid within its 30-minute hold\\. Personal Guard${WHEN}\\. Please book again\\.$`,
      ),
    );
    expect(await bell(rival.client)).toEqual({ items: [], unreadCount: 0 });
  });

  it('is told once when a paid booking is cancelled and the refund sent', async () => {
    const { client, admins, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    await approveMpesa(client.client, started.checkoutUrl);
    await refundBooking(t.deps, booking.id, { profileId: admins[0]!.profileId, clientIp: null });

    const told = (await notices(client.client)).slice(2);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'payment',
        link: link(booking.id),
        message: `Booking ${booking.reference} was cancelled by OPS Security. KES 9,120 (95% of KES 9,600) has been refunded.`,
      }),
    ]);
  });

  it('names a booking made without a service type by its booking type', async () => {
    const { client, guard } = await payingScene(t);
    // Another day than the scene's booking of the same guard.
    const booking = await book(client.client, guard.profileId, { serviceType: null, date: addDaysToDate(nairobiDate(new Date()), 4) });
    const mine = (await notices(client.client)).find((n) => n.link === link(booking.id));
    expect(mine?.message).toMatch(new RegExp(`^Booking ${booking.reference} received: Hourly booking${WHEN}\\.`));
  });
});
