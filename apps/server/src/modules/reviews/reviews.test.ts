import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@ops/shared/constants';
import type { GuardDetailsDto, ReviewDto } from '@ops/shared/schemas/guards';
import { reviews } from '../../db/schema/reviews.ts';
import { insertBooking, insertGuard } from '../../test/fixtures.ts';
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

/** A signed-in client with a booking of one approved guard, in the given state. */
async function clientWithBooking(status: BookingStatus = 'completed', options: { withGuard?: boolean } = {}) {
  const me = await t.signedIn('client', { fullName: 'Amina Hassan' });
  const guardId = await insertGuard(t.database.db, { fullName: 'James Mwangi' });
  const bookingId = await insertBooking(t.database.db, {
    clientProfileId: me.profileId,
    guardProfileId: options.withGuard === false ? null : guardId,
    status,
  });
  return { ...me, guardId, bookingId };
}

async function guardRating(client: TestClient, guardId: string) {
  const details = (await (await client.get(`/api/guards/${guardId}`)).json()) as GuardDetailsDto;
  return { averageRating: details.averageRating, reviewCount: details.reviewCount };
}

const countReviews = async () => (await t.database.db.select().from(reviews)).length;

describe('POST /api/reviews', () => {
  it('publishes the review on the guard profile and updates the rating', async () => {
    const { client, guardId, bookingId } = await clientWithBooking();
    const res = await client.post('/api/reviews', { bookingId, rating: 5, comment: '  Punctual and discreet.  ' });
    expect(res.status).toBe(201);
    const review = (await res.json()) as ReviewDto;
    expect(review).toEqual({
      id: expect.any(String),
      rating: 5,
      comment: 'Punctual and discreet.',
      createdAt: expect.any(String),
      reviewerName: 'Amina Hassan',
    });

    const listed = (await (await client.get(`/api/guards/${guardId}/reviews`)).json()) as ReviewDto[];
    expect(listed).toEqual([review]);
    expect(await guardRating(client, guardId)).toEqual({ averageRating: 5, reviewCount: 1 });
  });

  it('keeps the average to two decimals over all the guard’s reviews', async () => {
    const me = await t.signedIn('client', { isCompany: true, companyName: 'Kilimani Heights Ltd' });
    const guardId = await insertGuard(t.database.db);
    for (const rating of [5, 4, 4]) {
      const bookingId = await insertBooking(t.database.db, { clientProfileId: me.profileId, guardProfileId: guardId });
      const res = await me.client.post('/api/reviews', { bookingId, rating, comment: null });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ reviewerName: 'Kilimani Heights Ltd', comment: null });
    }
    expect(await guardRating(me.client, guardId)).toEqual({ averageRating: 4.33, reviewCount: 3 });
  });

  it('refuses a second review of the same booking', async () => {
    const { client, guardId, bookingId } = await clientWithBooking();
    expect((await client.post('/api/reviews', { bookingId, rating: 4 })).status).toBe(201);
    const again = await client.post('/api/reviews', { bookingId, rating: 1, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'CONFLICT', message: 'You have already reviewed this booking' });
    expect(await guardRating(client, guardId)).toEqual({ averageRating: 4, reviewCount: 1 });
  });

  it('accepts only one of two reviews of a booking sent at the same moment', async () => {
    const { client, guardId, bookingId } = await clientWithBooking();
    const answers = await Promise.all([client.post('/api/reviews', { bookingId, rating: 5 }), client.post('/api/reviews', { bookingId, rating: 3 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await countReviews()).toBe(1);
    expect((await guardRating(client, guardId)).reviewCount).toBe(1);
  });

  it('counts every review when two bookings of one guard are reviewed at the same moment', async () => {
    const me = await t.signedIn('client');
    const guardId = await insertGuard(t.database.db);
    const first = await insertBooking(t.database.db, { clientProfileId: me.profileId, guardProfileId: guardId });
    const second = await insertBooking(t.database.db, { clientProfileId: me.profileId, guardProfileId: guardId });
    const answers = await Promise.all([
      me.client.post('/api/reviews', { bookingId: first, rating: 5 }),
      me.client.post('/api/reviews', { bookingId: second, rating: 2 }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await guardRating(me.client, guardId)).toEqual({ averageRating: 3.5, reviewCount: 2 });
  });

  it.each(['pending', 'confirmed', 'cancelled'] as const)('refuses to review a %s booking', async (status) => {
    const { client, bookingId } = await clientWithBooking(status);
    const res = await client.post('/api/reviews', { bookingId, rating: 5 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'CONFLICT', message: 'You can review a guard only after a completed booking' });
    expect(await countReviews()).toBe(0);
  });

  it('refuses to review a booking that had no guard', async () => {
    const { client, bookingId } = await clientWithBooking('completed', { withGuard: false });
    const res = await client.post('/api/reviews', { bookingId, rating: 5 });
    expect(res.status).toBe(409);
    expect(await countReviews()).toBe(0);
  });

  it('refuses a review of someone else’s booking, and of a booking that does not exist', async () => {
    const { bookingId } = await clientWithBooking();
    const other = await t.signedIn('client');
    const res = await other.client.post('/api/reviews', { bookingId, rating: 1 });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'You can review only your own bookings' });
    const missing = await other.client.post('/api/reviews', { bookingId: crypto.randomUUID(), rating: 1 });
    expect(missing.status).toBe(404);
    expect(await countReviews()).toBe(0);
  });

  it('lets only clients review', async () => {
    const { bookingId } = await clientWithBooking();
    expect((await t.client().post('/api/reviews', { bookingId, rating: 5 })).status).toBe(401);
    for (const role of ['guard', 'admin', 'partner'] as const) {
      const { client } = await t.signedIn(role);
      const res = await client.post('/api/reviews', { bookingId, rating: 5 });
      expect(res.status, role).toBe(403);
    }
    expect(await countReviews()).toBe(0);
  });

  it('refuses a rating outside 1 to 5 stars and a missing booking id, writing nothing', async () => {
    const { client, bookingId } = await clientWithBooking();
    const cases: [Record<string, unknown>, string][] = [
      [{ bookingId, rating: 0 }, 'rating'],
      [{ bookingId, rating: 6 }, 'rating'],
      [{ bookingId, rating: 4.5 }, 'rating'],
      [{ bookingId }, 'rating'],
      [{ bookingId: 'booking-1', rating: 5 }, 'bookingId'],
      [{ bookingId, rating: 5, comment: 'x'.repeat(2001) }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/reviews', body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toEqual([field]);
    }
    expect(await countReviews()).toBe(0);
  });
});
