import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { GuardDetailsDto, GuardListDto, ReviewDto } from '@ops/shared/schemas/guards';
import { guards } from '../../db/schema/guards.ts';
import { deploymentReady, insertBooking, insertGuard, insertReview } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { daysFromToday, insertIssuedCertificate } from '../../test/certificate-fixtures.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import type { TestClient } from '../../test/test-client.ts';

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

async function list(client: TestClient, query = ''): Promise<GuardListDto> {
  const res = await client.get(`/api/guards${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as GuardListDto;
}

const names = (page: GuardListDto) => page.items.map((g) => g.displayName);

/** One guard in each state: only Amani and Baraka are approved. */
async function guardsInEveryState() {
  const db = t.database.db;
  return {
    amani: await insertGuard(db, { fullName: 'Amani', experienceYears: 5 }),
    baraka: await insertGuard(db, { fullName: 'Baraka', experienceYears: 4 }),
    chege: await insertGuard(db, { fullName: 'Chege', status: 'pending' }),
    daudi: await insertGuard(db, { fullName: 'Daudi', status: 'pending_approval' }),
    erick: await insertGuard(db, { fullName: 'Erick', status: 'rejected', rejectionReason: 'Police clearance expired' }),
  };
}

describe('GET /api/guards: who sees which guards', () => {
  it('asks a guest to sign in', async () => {
    const res = await t.client().get('/api/guards');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });

  it.each(['client', 'partner'] as const)('shows a %s approved guards only', async (role) => {
    await guardsInEveryState();
    const { client } = await t.signedIn(role);
    const page = await list(client, '?sort=newest');
    expect(names(page).sort()).toEqual(['Amani', 'Baraka']);
    expect(page.total).toBe(2);
    expect(page.items.every((g) => g.approved)).toBe(true);
  });

  it('shows a guard their own card under review first, then the approved guards', async () => {
    await guardsInEveryState();
    const me = await t.signedIn('guard', { fullName: 'Faith (me)' });
    // With no experience yet, Faith would come last in this order.
    const page = await list(me.client, '?sort=experience');
    expect(names(page)).toEqual(['Faith (me)', 'Amani', 'Baraka']);
    expect(page.items[0]).toMatchObject({ id: me.profileId, approved: false });
    expect(page.total).toBe(3);

    const pages = [await list(me.client, '?sort=experience&pageSize=2'), await list(me.client, '?sort=experience&pageSize=2&page=2')];
    expect(pages.map(names)).toEqual([['Faith (me)', 'Amani'], ['Baraka']]);
    expect(pages.map((p) => p.total)).toEqual([3, 3]);
    expect(names(await list(me.client, '?specialization=Event%20security%20(Bouncer)'))).toEqual([]);
  });

  it('lists an approved guard’s own card in its place like any other', async () => {
    await guardsInEveryState();
    const me = await t.signedIn('guard', { fullName: 'Zawadi (me)' });
    await t.database.db
      .update(guards)
      .set({ status: 'approved', approved: true, ...deploymentReady() })
      .where(eq(guards.profileId, me.profileId));
    const page = await list(me.client, '?sort=experience');
    expect(names(page)).toEqual(['Amani', 'Baraka', 'Zawadi (me)']);
    expect(page.total).toBe(3);
  });

  it('never lists a rejected guard to anyone but admins, not even to that guard', async () => {
    const me = await t.signedIn('guard', { fullName: 'Faith (me)' });
    await t.database.db.update(guards).set({ status: 'rejected', rejectionReason: 'Incomplete' }).where(eq(guards.profileId, me.profileId));
    expect(names(await list(me.client))).toEqual([]);
  });

  it('shows admins every guard, whatever its state', async () => {
    await guardsInEveryState();
    const { client } = await t.signedIn('admin');
    const page = await list(client);
    expect(names(page).sort()).toEqual(['Amani', 'Baraka', 'Chege', 'Daudi', 'Erick']);
    expect(page.total).toBe(5);
  });

  it('shows on a card what the guard list needs and nothing private', async () => {
    const id = await insertGuard(t.database.db, {
      fullName: 'Grace Wanjiru',
      phone: '254722100203',
      specialization: 'Corporate security',
      experienceYears: 8,
      rateHourly: 1800,
      highRiskCertified: true,
      averageRating: 4.5,
      reviewCount: 2,
    });
    const { client } = await t.signedIn('client');
    const page = await list(client);
    expect(page.items).toEqual([
      {
        id,
        displayName: 'Grace Wanjiru',
        avatarUrl: null,
        specialization: 'Corporate security',
        experienceYears: 8,
        approved: true,
        highRiskCertified: true,
        availability: true,
        rateHourly: 1800,
        averageRating: 4.5,
        reviewCount: 2,
        academyCertified: null,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('254722100203');
  });
});

describe('GET /api/guards: filters, sorting and pages', () => {
  it('filters by specialization, availability and high-risk certification together', async () => {
    const db = t.database.db;
    await insertGuard(db, { fullName: 'Match', specialization: 'Close protection', highRiskCertified: true });
    await insertGuard(db, { fullName: 'Off duty', specialization: 'Close protection', highRiskCertified: true, availability: false });
    await insertGuard(db, { fullName: 'Not certified', specialization: 'Close protection' });
    await insertGuard(db, { fullName: 'Other field', specialization: 'Guard', highRiskCertified: true });
    const { client } = await t.signedIn('client');

    const both = await list(client, '?specialization=Close%20protection&available=true&highRisk=true');
    expect(names(both)).toEqual(['Match']);
    expect(both.total).toBe(1);
    expect(names(await list(client, '?available=false'))).toEqual(['Off duty']);
    expect((await list(client, '?specialization=Close%20protection')).total).toBe(3);
  });

  it('sorts by rating, experience, rate and age, with guards lacking a value last', async () => {
    const db = t.database.db;
    const day = 24 * 3600 * 1000;
    await insertGuard(db, { fullName: 'A', averageRating: 4.2, experienceYears: 2, rateHourly: 1500, createdAt: new Date(Date.now() - 3 * day) });
    await insertGuard(db, { fullName: 'B', averageRating: null, experienceYears: 10, rateHourly: null, createdAt: new Date(Date.now() - 1 * day) });
    await insertGuard(db, { fullName: 'C', averageRating: 4.9, experienceYears: 5, rateHourly: 900, createdAt: new Date(Date.now() - 5 * day) });
    await insertGuard(db, { fullName: 'D', averageRating: 3.1, experienceYears: 0, rateHourly: 2500, createdAt: new Date(Date.now() - 2 * day) });
    const { client } = await t.signedIn('client');

    expect(names(await list(client))).toEqual(['C', 'A', 'D', 'B']);
    expect(names(await list(client, '?sort=rating'))).toEqual(['C', 'A', 'D', 'B']);
    expect(names(await list(client, '?sort=experience'))).toEqual(['B', 'C', 'A', 'D']);
    expect(names(await list(client, '?sort=rate_low'))).toEqual(['C', 'A', 'D', 'B']);
    expect(names(await list(client, '?sort=rate_high'))).toEqual(['D', 'A', 'C', 'B']);
    expect(names(await list(client, '?sort=newest'))).toEqual(['B', 'D', 'A', 'C']);
  });

  it('pages through every guard once, even when they tie, and counts them all', async () => {
    for (let i = 0; i < 5; i += 1) await insertGuard(t.database.db, { fullName: `Tie ${i}`, averageRating: 4 });
    const { client } = await t.signedIn('client');
    const pages = [await list(client, '?pageSize=2&page=1'), await list(client, '?pageSize=2&page=2'), await list(client, '?pageSize=2&page=3')];
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(new Set(pages.flatMap(names)).size).toBe(5);

    const beyond = await list(client, '?pageSize=2&page=4');
    expect(beyond).toEqual({ items: [], page: 4, pageSize: 2, total: 5 });
    expect(await list(client)).toMatchObject({ page: 1, pageSize: 24, total: 5 });
  });

  it('refuses bad paging, sort and filter values with a message for the field', async () => {
    const { client } = await t.signedIn('client');
    const cases = [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1001', 'page'],
      ['?pageSize=1000', 'pageSize'],
      ['?pageSize=0', 'pageSize'],
      ['?sort=bogus', 'sort'],
      ['?specialization=Chef', 'specialization'],
      ['?available=yes', 'available'],
      ['?highRisk=1', 'highRisk'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await client.get(`/api/guards${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.fields), query).toEqual([field]);
    }
  });
});

describe('GET /api/guards: the total stays exact as guards change', () => {
  /** The list's total for a filter, beside a plain count of the guards table for the same filter. */
  async function totals(client: TestClient, query: string, where: (g: typeof guards.$inferSelect) => boolean) {
    const rows = await t.database.db.select().from(guards);
    return { listed: (await list(client, `?pageSize=1${query}`)).total, counted: rows.filter(where).length };
  }

  it('follows new, approved, edited and removed guards', async () => {
    const { client } = await t.signedIn('client');
    const db = t.database.db;
    const ids = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(
        await insertGuard(db, {
          specialization: i % 2 ? 'Close protection' : 'Guard',
          availability: i % 3 !== 0,
          status: i === 5 ? 'pending' : 'approved',
        }),
      );
    }
    const checks = [
      ['', (g: typeof guards.$inferSelect) => g.approved],
      ['&specialization=Close%20protection', (g: typeof guards.$inferSelect) => g.approved && g.specialization === 'Close protection'],
      ['&available=true&highRisk=false', (g: typeof guards.$inferSelect) => g.approved && g.availability && !g.highRiskCertified],
    ] as const;
    const expectExact = async () => {
      for (const [query, where] of checks) {
        const { listed, counted } = await totals(client, query, where);
        expect(listed, query || 'no filter').toBe(counted);
      }
    };
    await expectExact();
    expect((await list(client, '?pageSize=1')).total).toBe(5);

    await db.update(guards).set({ status: 'approved', approved: true, approvedAt: new Date() }).where(eq(guards.profileId, ids[5]!));
    await db.update(guards).set({ specialization: 'Close protection', highRiskCertified: true }).where(eq(guards.profileId, ids[0]!));
    await db.update(guards).set({ availability: false }).where(eq(guards.profileId, ids[1]!));
    await db.update(guards).set({ specialization: null }).where(eq(guards.profileId, ids[2]!));
    await db.delete(guards).where(eq(guards.profileId, ids[3]!));
    await expectExact();
    expect((await list(client, '?pageSize=1')).total).toBe(5);
    // Close protection: guards 1 and 5 (now approved) and guard 0 (moved there); guard 3 was removed.
    expect((await list(client, '?pageSize=1&specialization=Close%20protection')).total).toBe(3);
  });
});

describe('guards whose PSRA licence or police clearance does not hold today (Kenya, PSRA Act)', () => {
  const today = nairobiDate(new Date());

  /** Amani is fully credentialed; the others each lack something clients would need. */
  async function guardsByCredentials() {
    const db = t.database.db;
    return {
      amani: await insertGuard(db, { fullName: 'Amani' }),
      // Valid through today: still listed.
      baraka: await insertGuard(db, { fullName: 'Baraka', policeClearanceExpiresOn: today }),
      chege: await insertGuard(db, { fullName: 'Chege', psraLicenceNumber: null }),
      daudi: await insertGuard(db, { fullName: 'Daudi', policeClearanceExpiresOn: addDaysToDate(today, -1) }),
      erick: await insertGuard(db, { fullName: 'Erick', psraLicenceExpiresOn: addDaysToDate(today, -40) }),
    };
  }

  it('leaves them out of a client’s list and its total, filtered or not', async () => {
    await guardsByCredentials();
    const { client } = await t.signedIn('client');
    const page = await list(client, '?sort=newest');
    expect(names(page).sort()).toEqual(['Amani', 'Baraka']);
    expect(page.total).toBe(2);
    // A full first page: the total then comes from the counts, minus the uncredentialed guards.
    expect((await list(client, '?pageSize=1')).total).toBe(2);
    expect((await list(client, '?pageSize=1&specialization=Guard&available=true')).total).toBe(2);
  });

  it('drops a guard from the list and its total the day after the clearance ran out', async () => {
    const { baraka } = await guardsByCredentials();
    const { client } = await t.signedIn('client');
    expect((await list(client, '?pageSize=1')).total).toBe(2);
    await t.database.db
      .update(guards)
      .set({ policeClearanceExpiresOn: addDaysToDate(today, -1) })
      .where(eq(guards.profileId, baraka));
    expect((await list(client, '?pageSize=1')).total).toBe(1);
    expect(names(await list(client))).toEqual(['Amani']);
  });

  it('answers "Guard not found" for their profile and reviews to clients and guests, like an unapproved guard', async () => {
    const { chege, daudi, erick } = await guardsByCredentials();
    const { client } = await t.signedIn('client');
    for (const who of [client, t.client()]) {
      for (const id of [chege, daudi, erick]) {
        const res = await who.get(`/api/guards/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
        expect((await who.get(`/api/guards/${id}/reviews`)).status).toBe(404);
      }
    }
  });

  it('still shows them to admins, and to the guard their own card first', async () => {
    const { daudi } = await guardsByCredentials();
    const admin = await t.signedIn('admin');
    expect((await list(admin.client)).total).toBe(5);
    expect((await admin.client.get(`/api/guards/${daudi}`)).status).toBe(200);
    const me = await t.signedIn('guard', { fullName: 'Faith (me)' });
    await t.database.db.update(guards).set({ status: 'approved', approved: true, approvedAt: new Date() }).where(eq(guards.profileId, me.profileId));
    const page = await list(me.client, '?sort=newest');
    expect(names(page)).toEqual(['Faith (me)', 'Baraka', 'Amani']);
    expect(page.total).toBe(3);
    expect((await me.client.get(`/api/guards/${me.profileId}`)).status).toBe(200);
  });
});

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
    const { chege, daudi, erick } = await guardsInEveryState();
    const { client } = await t.signedIn('client');
    for (const id of [chege, daudi, erick, crypto.randomUUID()]) {
      const res = await client.get(`/api/guards/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
    }
  });

  it('shows a guard their own profile under review, and admins any guard', async () => {
    const { erick } = await guardsInEveryState();
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
    const { chege, daudi, erick } = await guardsInEveryState();
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
    const { chege } = await guardsInEveryState();
    const { client } = await t.signedIn('client');
    const res = await client.get(`/api/guards/${chege}/reviews`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Guard not found' });
  });
});

describe('Academy Certified', () => {
  /** Four approved guards: one holding a valid certificate, one an expired, one a revoked, one none. */
  async function guardsWithCertificates() {
    const db = t.database.db;
    const ids = {
      amani: await insertGuard(db, { fullName: 'Amani', experienceYears: 9 }),
      baraka: await insertGuard(db, { fullName: 'Baraka', experienceYears: 8 }),
      chege: await insertGuard(db, { fullName: 'Chege', experienceYears: 7 }),
      daudi: await insertGuard(db, { fullName: 'Daudi', experienceYears: 6 }),
    };
    await insertIssuedCertificate(t, { profileId: ids.amani, courseId: 'basic', courseName: 'Basic Security', issueDate: '2025-01-10', expiresOn: null });
    const newest = await insertIssuedCertificate(t, { profileId: ids.amani, issueDate: '2026-05-04', expiresOn: daysFromToday(0) });
    await insertIssuedCertificate(t, { profileId: ids.baraka, issueDate: '2023-01-10', expiresOn: daysFromToday(-1) });
    await insertIssuedCertificate(t, { profileId: ids.chege, revoked: { at: new Date(), reason: 'Issued in error' } });
    return { ids, newest };
  }

  it('shows the badge with the newest valid certificate on list cards and the profile, and none for expired or revoked ones', async () => {
    const { ids, newest } = await guardsWithCertificates();
    const { client } = await t.signedIn('client');
    const page = await list(client, '?sort=experience');
    expect(page.items.map((g) => [g.displayName, g.academyCertified])).toEqual([
      ['Amani', { certificateRef: newest.certificateRef, courseName: 'Certified Protection Officer' }],
      ['Baraka', null],
      ['Chege', null],
      ['Daudi', null],
    ]);
    const profile = (await (await client.get(`/api/guards/${ids.amani}`)).json()) as GuardDetailsDto;
    expect(profile.academyCertified).toEqual({ certificateRef: newest.certificateRef, courseName: 'Certified Protection Officer' });
    const expired = (await (await client.get(`/api/guards/${ids.baraka}`)).json()) as GuardDetailsDto;
    expect(expired.academyCertified).toBeNull();
  });

  it('lists only certified guards with certified=true, with the total counting them alone', async () => {
    const { ids } = await guardsWithCertificates();
    // Another certified guard, whose certificate never expires.
    const eve = await insertGuard(t.database.db, { fullName: 'Eve', experienceYears: 1 });
    await insertIssuedCertificate(t, { profileId: eve, expiresOn: null });
    const { client } = await t.signedIn('client');
    const page = await list(client, '?certified=true&sort=experience');
    expect(names(page)).toEqual(['Amani', 'Eve']);
    expect(page.total).toBe(2);
    const paged = await list(client, '?certified=true&sort=experience&pageSize=1');
    expect(names(paged)).toEqual(['Amani']);
    expect(paged.total).toBe(2);
    // With another filter, both must hold.
    await t.database.db.update(guards).set({ specialization: 'Close protection' }).where(eq(guards.profileId, ids.amani));
    expect(names(await list(client, '?certified=true&specialization=Close%20protection'))).toEqual(['Amani']);
    // Without the filter everyone is listed.
    expect((await list(client, '')).total).toBe(5);
  });
});
