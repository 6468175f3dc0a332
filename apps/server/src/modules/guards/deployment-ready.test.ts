/**
 * Only Deployment Ready guards (approved, onboarding complete, fit for duty, credentials holding) are
 * offered to clients: on the list and its total, on the profile, in the booking flows and in the
 * console's staffing. One guard at each onboarding stage, each held to the shared predicate.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { isDeploymentReady } from '@ops/shared/domain/officer-onboarding';
import type { BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { GuardListDto } from '@ops/shared/schemas/guards';
import { guards } from '../../db/schema/guards.ts';
import { insertBooking, insertGuard, validCredentials, type GuardFixture } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { GUARD_NOT_READY_MESSAGE, GUARD_UNAVAILABLE_MESSAGE } from '../bookings/booking-create.service.ts';

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

const today = () => nairobiDate(new Date());
const notStarted = { onboardingComplete: false, fitForDuty: false };

/** Each stage: the fixture's fields, stages ticked besides, and what a client is told on booking (null: booked). */
const STAGES: [name: string, fields: Partial<GuardFixture>, ticked: Partial<typeof guards.$inferInsert>, refusal: string | null][] = [
  ['under review (pending)', { status: 'pending', ...notStarted }, {}, GUARD_UNAVAILABLE_MESSAGE],
  ['approved, nothing of onboarding done', notStarted, {}, GUARD_NOT_READY_MESSAGE],
  ['approved, documents verified, contract unsigned', notStarted, { documentsVerified: true, reportedToOffice: true }, GUARD_NOT_READY_MESSAGE],
  ['approved, contract signed, not fit for duty', notStarted, { documentsVerified: true, signedContract: true }, GUARD_NOT_READY_MESSAGE],
  ['approved, fit for duty, onboarding not complete', { onboardingComplete: false }, { signedContract: true }, GUARD_NOT_READY_MESSAGE],
  ['approved, onboarding complete, not fit for duty', { fitForDuty: false }, { signedContract: true }, GUARD_NOT_READY_MESSAGE],
  ['Deployment Ready', {}, { documentsVerified: true, signedContract: true }, null],
  [
    'through onboarding, police clearance expired',
    { policeClearanceExpiresOn: addDaysToDate(nairobiDate(new Date()), -1) },
    {},
    `This guard cannot be booked at the moment: the police clearance expired on`,
  ],
  ['rejected', { status: 'rejected', rejectionReason: 'Documents could not be verified', ...notStarted }, {}, GUARD_UNAVAILABLE_MESSAGE],
];

/** A two-day daily booking in the wizard, from 08:00 in three days. */
const wizardBooking = (guardId: string) => ({
  serviceType: 'personal',
  guardId,
  teamSize: 1,
  date: addDaysToDate(today(), 3),
  endDate: addDaysToDate(today(), 4),
  startTime: '08:00',
  duration: 24,
  durationType: 'daily',
  dressCode: 'business_suit',
  location: 'Karen',
  address: '12 Karen Road',
});

describe('a guard at each onboarding stage', () => {
  it.each(STAGES)('%s: listed, opened, booked and staffed only when Deployment Ready', async (name, fields, ticked, refusal) => {
    const db = t.database.db;
    const guardId = await insertGuard(db, { fullName: name, ...fields });
    if (Object.keys(ticked).length) await db.update(guards).set(ticked).where(eq(guards.profileId, guardId));
    const [row] = await db.select().from(guards).where(eq(guards.profileId, guardId));
    const ready = isDeploymentReady(row!, today());
    expect(ready).toBe(refusal === null);
    // The database's own statement of the flags agrees with the shared predicate's.
    expect(row!.deploymentReady).toBe(row!.approved && row!.onboardingComplete && row!.fitForDuty);

    const client = await t.signedInDirectly('client');
    const listed = (await (await client.client.get('/api/guards?pageSize=1')).json()) as GuardListDto;
    expect(listed.items.map((g) => g.id)).toEqual(ready ? [guardId] : []);
    // A full page of one: the total is counted (guard_list_counts less the uncredentialed), not inferred.
    expect(listed.total).toBe(ready ? 1 : 0);
    expect((await client.client.get(`/api/guards/${guardId}`)).status).toBe(ready ? 200 : 404);

    const quote = await client.client.post('/api/bookings/quote', wizardBooking(guardId));
    const booked = await client.client.post('/api/bookings', wizardBooking(guardId));
    if (refusal === null) {
      expect(quote.status).toBe(200);
      expect(booked.status).toBe(201);
    } else {
      for (const res of [quote, booked]) {
        expect(res.status).toBe(409);
        const body = (await res.json()) as { message: string; fields: { guardId: string } };
        expect(body.message.startsWith(refusal)).toBe(true);
        expect(body.fields.guardId).toBe(body.message);
      }
    }

    // The console offers the guard for a paid booking that lacks one, and puts them on it, only when ready.
    const admin = await t.signedInDirectly('admin');
    const lacking = await insertBooking(db, {
      clientProfileId: client.profileId,
      status: 'confirmed',
      startTime: new Date(Date.now() + 10 * 86_400_000),
    });
    const candidates = (await (await admin.client.get(`/api/admin/bookings/${lacking}/candidates`)).json()) as BookingCandidates;
    expect(candidates.items.map((c) => c.profileId)).toEqual(ready ? [guardId] : []);
    const staffed = await admin.client.post(`/api/admin/bookings/${lacking}/guards`, { guardProfileIds: [guardId] });
    expect(staffed.status).toBe(ready ? 200 : 409);
  });

  it('says why the console cannot put an approved guard who is not through onboarding on a booking', async () => {
    const guardId = await insertGuard(t.database.db, { fullName: 'Brian Kamau Githinji', ...notStarted });
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client');
    const lacking = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      status: 'confirmed',
      startTime: new Date(Date.now() + 5 * 86_400_000),
    });
    const res = await admin.client.post(`/api/admin/bookings/${lacking}/guards`, { guardProfileIds: [guardId] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Brian Kamau Githinji is not deployment ready: 'Fit for duty' and 'Onboarding complete' must both be on in Officer Onboarding.",
    );
  });

  it('lists a guard once the console ticks the last stage, and keeps the counted total with it', async () => {
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client');
    await insertGuard(t.database.db, { fullName: 'Amani Ready' });
    const peter = await insertGuard(t.database.db, { fullName: 'Peter Otieno Ochieng', onboardingComplete: false });
    const total = async () => ((await (await client.client.get('/api/guards?pageSize=1')).json()) as GuardListDto).total;
    expect(await total()).toBe(1);

    const ticked = await admin.client.patch(`/api/admin/officers/${peter}/stages`, { stage: 'onboardingComplete', value: true });
    expect(ticked.status).toBe(200);
    expect(await total()).toBe(2);
    await admin.client.patch(`/api/admin/officers/${peter}/stages`, { stage: 'fitForDuty', value: false });
    expect(await total()).toBe(1);
  });

  it('shows an approved guard who is not through onboarding their own card, and clients never', async () => {
    const me = await t.signedIn('guard', { fullName: 'Zawadi Onboarding' });
    // Approved and credentialed, but neither fit for duty nor through onboarding.
    await t.database.db
      .update(guards)
      .set({ status: 'approved', approved: true, ...validCredentials() })
      .where(eq(guards.profileId, me.profileId));
    const own = (await (await me.client.get('/api/guards')).json()) as GuardListDto;
    expect(own.items.map((g) => g.id)).toEqual([me.profileId]);
    expect((await me.client.get(`/api/guards/${me.profileId}`)).status).toBe(200);

    const client = await t.signedInDirectly('client');
    expect(((await (await client.client.get('/api/guards')).json()) as GuardListDto).items).toEqual([]);
    expect((await client.client.get(`/api/guards/${me.profileId}`)).status).toBe(404);
  });
});
