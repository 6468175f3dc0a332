/** The guard list: who sees which guards, filters, sorting, pages and the total. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guards } from '../../db/schema/guards.ts';
import { deploymentReady, insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import type { TestClient } from '../../test/test-client.ts';
import { guardsInEveryState, list, names } from '../../test/guard-list-helpers.ts';

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

describe('GET /api/guards: who sees which guards', () => {
  it('asks a guest to sign in', async () => {
    const res = await t.client().get('/api/guards');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });

  it.each(['client', 'partner'] as const)('shows a %s approved guards only', async (role) => {
    await guardsInEveryState(t.database.db);
    const { client } = await t.signedIn(role);
    const page = await list(client, '?sort=newest');
    expect(names(page).sort()).toEqual(['Amani', 'Baraka']);
    expect(page.total).toBe(2);
    expect(page.items.every((g) => g.approved)).toBe(true);
  });

  it('shows a guard their own card under review first, then the approved guards', async () => {
    await guardsInEveryState(t.database.db);
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
    await guardsInEveryState(t.database.db);
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
    await guardsInEveryState(t.database.db);
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
