/** Guards whose PSRA licence or police clearance does not hold today, and Academy Certified guards in the list. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { guards } from '../../db/schema/guards.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { daysFromToday, insertIssuedCertificate } from '../../test/certificate-fixtures.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { list, names } from '../../test/guard-list-helpers.ts';

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
