import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminGuardDetail, AdminGuardPage, AdminGuardRow } from '@ops/shared/schemas/admin';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { auditEvents } from '../../db/schema/audit.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

async function list(query: string): Promise<AdminGuardPage> {
  const res = await admin.client.get(`/api/admin/guards?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminGuardPage;
}
const names = async (query: string) => (await list(query)).items.map((g) => g.fullName);

describe('GET /api/admin/guards', () => {
  it('finds guards by a fragment of the name, the e-mail, the phone or the specialization', async () => {
    await t.signedInDirectly('guard', { fullName: 'Wanjiru Kamau', email: 'w.kamau@example.co.ke', phone: '254712345678' });
    await t.signedInDirectly('guard', { fullName: 'Otieno Ouma', email: 'ouma_100%@example.co.ke', phone: '254798000111' });
    await insertGuard(t.database.db, { fullName: 'Achieng Close', specialization: 'Close protection' });
    await t.signedInDirectly('client', { fullName: 'Kamau Client' });

    expect(await names('q=kamau')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=W.KAMAU@')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=0712 345')).toEqual(['Wanjiru Kamau']);
    expect(await names('q=254798')).toEqual(['Otieno Ouma']);
    expect(await names('q=close prot')).toEqual(['Achieng Close']);
    // LIKE's wildcards are searched for as typed.
    expect(await names('q=100%25')).toEqual(['Otieno Ouma']);
    expect(await names('q=_')).toEqual(['Otieno Ouma']);
    expect(await list('q=nobody-like-this')).toMatchObject({ items: [], total: 0 });
  });

  it('filters by status, sorts by a whitelisted column, and pages with a total', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 9, n));
    await insertGuard(t.database.db, { fullName: 'Baraka', experienceYears: 9, rateHourly: 1500, createdAt: day(1) });
    await insertGuard(t.database.db, { fullName: 'Amani', experienceYears: 2, rateHourly: null, createdAt: day(2) });
    await insertGuard(t.database.db, { fullName: 'Chebet', experienceYears: 5, rateHourly: 900, createdAt: day(3), status: 'pending' });
    await insertGuard(t.database.db, { fullName: 'Dalmas', experienceYears: 5, rateHourly: 1200, createdAt: day(4), status: 'rejected' });

    expect(await names('')).toEqual(['Dalmas', 'Chebet', 'Amani', 'Baraka']);
    expect(await names('sort=name&dir=asc')).toEqual(['Amani', 'Baraka', 'Chebet', 'Dalmas']);
    expect(await names('sort=experience&dir=desc')).toEqual(['Baraka', expect.any(String), expect.any(String), 'Amani']);
    // A guard without a rate comes last either way.
    expect(await names('sort=rate&dir=asc')).toEqual(['Chebet', 'Dalmas', 'Baraka', 'Amani']);
    expect(await names('sort=rate&dir=desc')).toEqual(['Baraka', 'Dalmas', 'Chebet', 'Amani']);
    expect(await names('status=approved&sort=name&dir=asc')).toEqual(['Amani', 'Baraka']);
    expect(await names('status=pending')).toEqual(['Chebet']);
    expect(await names('status=rejected')).toEqual(['Dalmas']);

    for (let i = 0; i < 8; i += 1) await insertGuard(t.database.db, { fullName: `Extra ${String(i).padStart(2, '0')}`, createdAt: day(10 + i) });
    const first = await list('pageSize=10&sort=name&dir=asc');
    const second = await list('pageSize=10&sort=name&dir=asc&page=2');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(second).toMatchObject({ total: 12, page: 2 });
    expect(second.items.map((g) => g.fullName)).toEqual(['Extra 06', 'Extra 07']);
    expect(new Set([...first.items, ...second.items].map((g) => g.profileId)).size).toBe(12);
  });

  it('refuses an unknown sort or page size', async () => {
    const res = await admin.client.get('/api/admin/guards?sort=password&pageSize=1000');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { sort: 'Unknown sort column', pageSize: 'Page size must be 10, 25, 50' } });
  });

  it('shows a row with contact details and credentials, and records that an admin looked', async () => {
    const guard = await t.signedInDirectly('guard', { fullName: 'Kevin Mutiso', phone: '254722000333' });
    const [row] = (await list('')).items as [AdminGuardRow];
    expect(row).toMatchObject({
      profileId: guard.profileId,
      email: guard.email,
      phone: '254722000333',
      status: 'pending',
      approved: false,
      credentialsValidUntil: null,
    });

    const res = await admin.client.get(`/api/admin/guards/${guard.profileId}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminGuardDetail;
    expect(detail).toMatchObject({
      fullName: 'Kevin Mutiso',
      onboarding: { documentsVerified: false, fitForDuty: false, onboardingComplete: false },
      credentials: {
        problem: 'No PSRA licence is on record.',
        statuses: [
          { credential: 'psra_licence', state: 'missing' },
          { credential: 'police_clearance', state: 'missing' },
        ],
      },
      documents: [],
    });
    const reads = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'guard.read'));
    expect(reads).toEqual([expect.objectContaining({ actorProfileId: admin.profileId, subjectProfileId: guard.profileId })]);
    expect((await admin.client.get(`/api/admin/guards/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('PUT /api/admin/guards/:profileId/approval', () => {
  it('sets and unsets approval, each with its audit row, and tells the guard', async () => {
    const guard = await t.signedIn('guard');
    const on = await admin.client.put(`/api/admin/guards/${guard.profileId}/approval`, { approved: true });
    expect(on.status).toBe(200);
    expect((await on.json()) as AdminGuardRow).toMatchObject({ status: 'approved', approved: true });
    const off = await admin.client.put(`/api/admin/guards/${guard.profileId}/approval`, { approved: false });
    expect((await off.json()) as AdminGuardRow).toMatchObject({ status: 'pending', approved: false });

    const trail = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, guard.profileId));
    expect(trail.map((r) => [r.action, (r.after as { status: string }).status])).toEqual([
      ['guard.approve', 'approved'],
      ['guard.unapprove', 'pending'],
    ]);
    const bell = (await (await guard.client.get('/api/notifications')).json()) as NotificationListDto;
    expect(bell.items.map((n) => n.type)).toEqual(['approval', 'approval']);
    expect(bell.items[0]!.message).toMatch(/no longer approved/);

    // Unapproving a guard already under review changes nothing and tells no one.
    await admin.client.put(`/api/admin/guards/${guard.profileId}/approval`, { approved: false });
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, guard.profileId))).toHaveLength(2);
  });
});
