/** One guard's profile and reviews, for signed-in people and for guests. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardDetailsDto, ReviewDto } from '@ops/shared/schemas/guards';
import { guards } from '../../db/schema/guards.ts';
import { insertBooking, insertGuard, insertReview } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { guardsInEveryState } from '../../test/guard-list-helpers.ts';

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

describe('GET /api/guards/:id', () => {
  it('shows a client the guard profile without phone, e-mail, documents, onboarding or status', async () => {
    const id = await insertGuard(t.database.db, {
      fullName: 'James Mwangi',
      phone: '254722100201',
      specialization: 'Close protection',
      experienceYears: 12,
      rateHourly: 2500,
      rateDaily: 18000,
      bio: 'Former GSU officer.',
      skills: ['Defensive driving', 'First aid'],
      averageRating: 4.67,
      reviewCount: 3,
      highRiskCertified: true,
    });
    const { client } = await t.signedIn('client');
    const res = await client.get(`/api/guards/${id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as GuardDetailsDto;
    expect(body).toEqual({
      id,
      displayName: 'James Mwangi',
      avatarUrl: null,
      specialization: 'Close protection',
      experienceYears: 12,
      approved: true,
      highRiskCertified: true,
      availability: true,
      rateHourly: 2500,
      rateDaily: 18000,
      averageRating: 4.67,
      reviewCount: 3,
      bio: 'Former GSU officer.',
      skills: ['Defensive driving', 'First aid'],
      academyCertified: null,
    });
    const text = JSON.stringify(body);
    for (const secret of ['254722100201', '@example', 'phone', 'email', 'status', 'rejection', 'documents', 'onboarding', 'FileId']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers "Guard not found" to a client for a guard under review or rejected, as for one that does not exist', async () => {
    const { chege, daudi, erick } = await guardsInEveryState(t.database.db);
    const { client } = await t.signedIn('client');
    for (const id of [chege, daudi, erick, crypto.randomUUID()]) {
      const res = await client.get(`/api/guards/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
    }
  });

  it('shows a guard their own profile under review, and admins any guard', async () => {
    const { erick } = await guardsInEveryState(t.database.db);
    const me = await t.signedIn('guard');
    expect((await me.client.get(`/api/guards/${me.profileId}`)).status).toBe(200);
    expect((await me.client.get(`/api/guards/${erick}`)).status).toBe(404);
    const admin = await t.signedIn('admin');
    const res = await admin.client.get(`/api/guards/${erick}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ displayName: 'Erick', approved: false });
  });

  it('refuses an id that is not a guard id', async () => {
    const { client } = await t.signedIn('client');
    for (const who of [client, t.client()]) {
      const res = await who.get('/api/guards/not-a-uuid');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fields: { id: 'Unknown guard' } });
    }
  });
});

describe('a guest looking at one guard before signing up', () => {
  /** An approved guard with everything private filled in, and a review by a client with a phone. */
  async function guardWithPrivateDetails() {
    const db = t.database.db;
    const id = await insertGuard(db, {
      fullName: 'James Mwangi',
      phone: '254722100201',
      specialization: 'Close protection',
      experienceYears: 12,
      rateHourly: 2500,
      rateDaily: 18000,
      bio: 'Former GSU officer.',
      skills: ['Defensive driving'],
      highRiskCertified: true,
    });
    await db.update(guards).set({ documentsVerified: true, onboardingComplete: true, fitForDuty: true }).where(eq(guards.profileId, id));
    const reviewer = await t.signedInDirectly('client', { fullName: 'Amina Hassan', phone: '254711000999', email: 'amina.reviewer@example.co.ke' });
    const bookingId = await insertBooking(db, { clientProfileId: reviewer.profileId, guardProfileId: id });
    await insertReview(db, { bookingId, guardProfileId: id, clientProfileId: reviewer.profileId, rating: 5, comment: 'Calm and punctual.' });
    return id;
  }

  const PRIVATE = [
    '254722100201',
    '254711000999',
    '@',
    'phone',
    'email',
    'document',
    'onboarding',
    'FileId',
    'status',
    'rejection',
    'fitForDuty',
    'clientProfileId',
    'bookingId',
  ];

  it('shows an approved guard’s public profile and nothing private', async () => {
    const id = await guardWithPrivateDetails();
    const res = await t.client().get(`/api/guards/${id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as GuardDetailsDto;
    expect(body).toEqual({
      id,
      displayName: 'James Mwangi',
      avatarUrl: null,
      specialization: 'Close protection',
      experienceYears: 12,
      approved: true,
      highRiskCertified: true,
      availability: true,
      rateHourly: 2500,
      rateDaily: 18000,
      averageRating: null,
      reviewCount: 0,
      bio: 'Former GSU officer.',
      skills: ['Defensive driving'],
      academyCertified: null,
    });
    const text = JSON.stringify(body);
    for (const secret of PRIVATE) expect(text, secret).not.toContain(secret);
  });

  it('shows the guard’s reviews under the reviewer’s name only, with no e-mail or phone', async () => {
    const id = await guardWithPrivateDetails();
    const res = await t.client().get(`/api/guards/${id}/reviews`);
    expect(res.status).toBe(200);
    const reviews = (await res.json()) as ReviewDto[];
    expect(reviews).toEqual([
      { id: expect.any(String), rating: 5, comment: 'Calm and punctual.', createdAt: expect.any(String), reviewerName: 'Amina Hassan' },
    ]);
    const text = JSON.stringify(reviews);
    for (const secret of [...PRIVATE, 'amina.reviewer']) expect(text, secret).not.toContain(secret);
  });

  it('answers "Guard not found" for a guard under review or rejected, and for their reviews', async () => {
    const { chege, daudi, erick } = await guardsInEveryState(t.database.db);
    for (const id of [chege, daudi, erick, crypto.randomUUID()]) {
      for (const path of [`/api/guards/${id}`, `/api/guards/${id}/reviews`]) {
        const res = await t.client().get(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
      }
    }
  });

  it('still needs a sign-in for the guard list and for a guard’s own profile form', async () => {
    await insertGuard(t.database.db);
    for (const path of ['/api/guards', '/api/guards?sort=newest', '/api/guards/me/profile']) {
      expect((await t.client().get(path)).status, path).toBe(401);
    }
  });
});

describe('GET /api/guards/:id/reviews', () => {
  it('lists the latest 50 reviews, newest first, under the company name for company clients', async () => {
    const db = t.database.db;
    const guardId = await insertGuard(db);
    const person = await t.signedIn('client', { fullName: 'Amina Hassan' });
    const company = await t.signedIn('client', { fullName: 'David Kamau', isCompany: true, companyName: 'Kilimani Heights Ltd' });
    const base = Date.now() - 60 * 24 * 3600 * 1000;
    for (let i = 0; i < 52; i += 1) {
      const clientProfileId = i % 2 === 0 ? person.profileId : company.profileId;
      const bookingId = await insertBooking(db, { clientProfileId, guardProfileId: guardId });
      await insertReview(db, {
        bookingId,
        guardProfileId: guardId,
        clientProfileId,
        rating: 1 + (i % 5),
        comment: `Review ${i}`,
        createdAt: new Date(base + i * 3600 * 1000),
      });
    }

    const res = await person.client.get(`/api/guards/${guardId}/reviews`);
    expect(res.status).toBe(200);
    const reviews = (await res.json()) as ReviewDto[];
    expect(reviews).toHaveLength(50);
    expect(reviews[0]).toMatchObject({
      comment: 'Review 51',
      rating: 2,
      reviewerName: 'Kilimani Heights Ltd',
      createdAt: new Date(base + 51 * 3600 * 1000).toISOString(),
    });
    expect(reviews[1]).toMatchObject({ comment: 'Review 50', reviewerName: 'Amina Hassan' });
    expect(reviews.at(-1)?.comment).toBe('Review 2');
  });

  it('hides the reviews of a guard the viewer may not see', async () => {
    const { chege } = await guardsInEveryState(t.database.db);
    const { client } = await t.signedIn('client');
    const res = await client.get(`/api/guards/${chege}/reviews`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
  });
});
