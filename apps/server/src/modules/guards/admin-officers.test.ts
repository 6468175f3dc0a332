import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardStatus } from '@ops/shared/constants';
import { dayText } from '@ops/shared/domain/date-text';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { officerTab, OFFICER_TABS } from '@ops/shared/domain/officer-onboarding';
import type { AdminOfficerPage, OfficerRow } from '@ops/shared/schemas/admin';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { auditEvents } from '../../db/schema/audit.ts';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
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
  admin = await t.signedInDirectly('admin', { fullName: 'Grace Wanjiru' });
});
afterEach(() => t.close());

type Flags = Partial<
  Pick<
    typeof guards.$inferInsert,
    | 'onboardingComplete'
    | 'fitForDuty'
    | 'documentsVerified'
    | 'psraLicenceNumber'
    | 'psraLicenceExpiresOn'
    | 'policeClearanceIssuedOn'
    | 'policeClearanceExpiresOn'
  >
>;

async function guardWith(fullName: string, status: GuardStatus, flags: Flags = {}, rejectionReason: string | null = null) {
  // Nothing of onboarding done unless the test says so.
  const id = await insertGuard(t.database.db, { fullName, status, rejectionReason, onboardingComplete: false, fitForDuty: false });
  if (Object.keys(flags).length) await t.database.db.update(guards).set(flags).where(eq(guards.profileId, id));
  return id;
}

const today = () => nairobiDate(new Date());
const credentialsValid = () => ({
  psraLicenceNumber: 'PSRA-2291',
  psraLicenceExpiresOn: addDaysToDate(today(), 200),
  policeClearanceIssuedOn: addDaysToDate(today(), -30),
  policeClearanceExpiresOn: addDaysToDate(today(), 300),
});

async function officers(query: string): Promise<AdminOfficerPage> {
  const res = await admin.client.get(`/api/admin/officers?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOfficerPage;
}

const auditRows = () =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.action} <> 'guard.list'`);

describe('officer onboarding tabs', () => {
  it('lists each guard under the tab §4 gives, with every tab’s count and the badge by precedence', async () => {
    const people = {
      'Amos Pending': await guardWith('Amos Pending', 'pending'),
      'Beth Awaiting': await guardWith('Beth Awaiting', 'pending_approval'),
      'Carl Onboarding': await guardWith('Carl Onboarding', 'approved', { fitForDuty: true }),
      'Dina Ready': await guardWith('Dina Ready', 'approved', { onboardingComplete: true, fitForDuty: true, ...credentialsValid() }),
      'Eve Complete': await guardWith('Eve Complete', 'approved', { onboardingComplete: true }),
      'Fred Rejected': await guardWith('Fred Rejected', 'rejected', { onboardingComplete: true, fitForDuty: true }, 'No CV'),
    };

    const pages = Object.fromEntries(await Promise.all(OFFICER_TABS.map(async (tab) => [tab, await officers(`tab=${tab}`)] as const)));
    const names = (tab: string) => pages[tab]!.items.map((o) => o.fullName).sort();
    expect(names('pending')).toEqual(['Amos Pending', 'Beth Awaiting']);
    expect(names('onboarding')).toEqual(['Carl Onboarding']);
    expect(names('ready')).toEqual(['Dina Ready']);
    expect(names('rejected')).toEqual(['Fred Rejected']);
    // Approved, complete, not fit for duty: in no tab, as §4 reads.
    expect(OFFICER_TABS.flatMap((tab) => pages[tab]!.items.map((o) => o.fullName))).not.toContain('Eve Complete');
    for (const tab of OFFICER_TABS) {
      expect(pages[tab]).toMatchObject({
        counts: { pending: 2, onboarding: 1, ready: 1, rejected: 1 },
        total: pages[tab]!.items.length,
        page: 1,
        pageSize: 25,
      });
    }

    const badges = Object.fromEntries(OFFICER_TABS.flatMap((tab) => pages[tab]!.items.map((o) => [o.fullName, o.badge])));
    expect(badges).toEqual({
      'Amos Pending': 'Pending',
      'Beth Awaiting': 'Pending',
      'Carl Onboarding': 'Approved',
      'Dina Ready': 'Deployment Ready',
      'Fred Rejected': 'Rejected',
    });
    // The SQL tabs and the shared rule agree on every guard.
    for (const tab of OFFICER_TABS) for (const o of pages[tab]!.items) expect(officerTab(o)).toBe(tab);
    expect(pages.rejected!.items[0]).toMatchObject({ rejectionReason: 'No CV', profileId: people['Fred Rejected'] });
  });

  it('counts the tabs under the search', async () => {
    await guardWith('Wanjiku Mwangi', 'pending');
    await guardWith('Wanjiku Otieno', 'rejected');
    await guardWith('Peter Kamau', 'pending');
    const page = await officers('tab=pending&q=wanjiku');
    expect(page.items.map((o) => o.fullName)).toEqual(['Wanjiku Mwangi']);
    expect(page.counts).toEqual({ pending: 1, onboarding: 0, ready: 0, rejected: 1 });
  });
});

describe('approving and rejecting officers', () => {
  it('approves: the guard moves to Onboarding, the trail records it and the guard is told', async () => {
    const guard = await t.signedIn('guard', { fullName: 'Faith Akinyi' });
    const res = await admin.client.post(`/api/admin/officers/${guard.profileId}/approve`);
    expect(res.status).toBe(200);
    expect((await res.json()) as OfficerRow).toMatchObject({ status: 'approved', approved: true, badge: 'Approved' });
    expect((await officers('tab=onboarding')).items.map((o) => o.fullName)).toEqual(['Faith Akinyi']);

    expect(await auditRows()).toEqual([
      expect.objectContaining({
        action: 'guard.approve',
        actorProfileId: admin.profileId,
        recordType: 'guard',
        recordId: guard.profileId,
        subjectProfileId: guard.profileId,
        before: { status: 'pending', approved: false, rejectionReason: null },
        after: { status: 'approved', approved: true, rejectionReason: null },
      }),
    ]);
    const bell = (await (await guard.client.get('/api/notifications')).json()) as NotificationListDto;
    expect(bell.items).toEqual([expect.objectContaining({ type: 'approval', message: expect.stringMatching(/approved/) })]);
  });

  it('rejects with the trimmed reason, which the guard reads', async () => {
    const guard = await t.signedIn('guard');
    const res = await admin.client.post(`/api/admin/officers/${guard.profileId}/reject`, { reason: '  Police clearance has expired  ' });
    expect(res.status).toBe(200);
    expect((await res.json()) as OfficerRow).toMatchObject({ status: 'rejected', badge: 'Rejected', rejectionReason: 'Police clearance has expired' });
    expect(await auditRows()).toEqual([
      expect.objectContaining({ action: 'guard.reject', after: { status: 'rejected', approved: false, rejectionReason: 'Police clearance has expired' } }),
    ]);
    const bell = (await (await guard.client.get('/api/notifications')).json()) as NotificationListDto;
    expect(bell.items[0]).toMatchObject({ type: 'rejection', message: expect.stringContaining('Police clearance has expired') });
  });

  it('refuses to reject without a reason and writes nothing', async () => {
    const guardId = await guardWith('Moses Kiprop', 'pending');
    for (const body of [{}, { reason: '' }, { reason: '    ' }]) {
      const res = await admin.client.post(`/api/admin/officers/${guardId}/reject`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Please provide a rejection reason', fields: { reason: 'Please provide a rejection reason' } });
    }
    const [row] = await t.database.db.select().from(guards).where(eq(guards.profileId, guardId));
    expect(row).toMatchObject({ status: 'pending', rejectionReason: null });
    expect(await auditRows()).toHaveLength(0);
    expect(await t.database.db.select().from(notifications)).toHaveLength(0);
  });

  it('keeps the approval when the guard’s notice cannot be written, and logs the failure', async () => {
    const guardId = await guardWith('Joseph Mutua', 'pending');
    await t.database.db.execute(
      sql`create function refuse_notice() returns trigger language plpgsql as $$ begin raise exception 'notifications are down'; end $$`,
    );
    await t.database.db.execute(sql`create trigger refuse_notice before insert on notifications for each row execute function refuse_notice()`);

    const res = await admin.client.post(`/api/admin/officers/${guardId}/approve`);
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(guards).where(eq(guards.profileId, guardId));
    expect(row).toMatchObject({ status: 'approved', approved: true });
    expect(await auditRows()).toEqual([expect.objectContaining({ action: 'guard.approve', recordId: guardId })]);
    expect(t.logLines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'guard decision notification failed', guardProfileId: guardId, action: 'guard.approve' }),
    );
  });

  it('answers 404 for a guard that does not exist', async () => {
    const res = await admin.client.post(`/api/admin/officers/${crypto.randomUUID()}/approve`);
    expect(res.status).toBe(404);
  });
});

describe('onboarding stages', () => {
  it('ticks a stage on and off, each change in the trail', async () => {
    const guardId = await guardWith('Carol Njeri', 'approved');
    const on = await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'signedContract', value: true });
    expect(on.status).toBe(200);
    expect((await on.json()) as OfficerRow).toMatchObject({ signedContract: true });
    await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'signedContract', value: false });
    expect((await auditRows()).map((r) => [r.action, r.before, r.after])).toEqual([
      ['guard.stage', { signedContract: false }, { signedContract: true }],
      ['guard.stage', { signedContract: true }, { signedContract: false }],
    ]);
  });

  it.each([
    [
      'no police clearance',
      { psraLicenceNumber: 'PSRA-1', psraLicenceExpiresOn: '2099-01-01', policeClearanceIssuedOn: null, policeClearanceExpiresOn: null },
      'Not deployment ready: No police clearance is on record.',
    ],
    ['no licence', { psraLicenceNumber: null, psraLicenceExpiresOn: null }, 'Not deployment ready: No PSRA licence is on record.'],
  ] as const)('refuses Deployment Ready with %s, and writes nothing', async (_name, credentials, message) => {
    const guardId = await guardWith('Daniel Odhiambo', 'approved', { onboardingComplete: true, ...credentials });
    const res = await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'fitForDuty', value: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message });
    const [row] = await t.database.db.select().from(guards).where(eq(guards.profileId, guardId));
    expect(row?.fitForDuty).toBe(false);
    expect(await auditRows()).toHaveLength(0);
  });

  it.each(['fitForDuty', 'onboardingComplete'] as const)(
    'refuses %s for a guard whose clearance expired, naming the day in the product’s format, and writes nothing',
    async (stage) => {
      // Mercy Chebet Langat: approved, part of the way through onboarding, police clearance expired.
      const expiredOn = addDaysToDate(today(), -9);
      const guardId = await guardWith('Mercy Chebet Langat', 'approved', {
        documentsVerified: true,
        ...credentialsValid(),
        policeClearanceExpiresOn: expiredOn,
      });
      const before = await rowCounts(t.database.db);
      const res = await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage, value: true });
      expect(res.status).toBe(409);
      const { message } = (await res.json()) as { message: string };
      expect(message).toBe(`Not deployment ready: The police clearance expired on ${dayText(expiredOn)}.`);
      expect(message).not.toContain(expiredOn);
      expect(await rowCounts(t.database.db)).toEqual(before);
      const [row] = await t.database.db.select().from(guards).where(eq(guards.profileId, guardId));
      expect(row).toMatchObject({ fitForDuty: false, onboardingComplete: false });
      expect(await auditRows()).toHaveLength(0);
    },
  );

  it('refuses it with an expired licence, whichever of the last two stages comes last', async () => {
    const expired = { ...credentialsValid(), psraLicenceExpiresOn: addDaysToDate(today(), -1) };
    const guardId = await guardWith('Esther Chebet', 'approved', { fitForDuty: true, ...expired });
    const res = await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'onboardingComplete', value: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: `Not deployment ready: The PSRA licence expired on ${dayText(addDaysToDate(today(), -1))}.` });
    // Switching a duty stage off, or another stage on, is never refused.
    expect((await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'fitForDuty', value: false })).status).toBe(200);
    expect((await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'signedContract', value: true })).status).toBe(200);
  });

  it('makes a credentialed guard Deployment Ready', async () => {
    const guardId = await guardWith('Grace Atieno', 'approved', { onboardingComplete: true, ...credentialsValid() });
    const res = await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'fitForDuty', value: true });
    expect(res.status).toBe(200);
    expect((await res.json()) as OfficerRow).toMatchObject({ badge: 'Deployment Ready' });
    expect((await officers('tab=ready')).items.map((o) => o.profileId)).toEqual([guardId]);
  });

  it('refuses an unknown stage and an unknown guard', async () => {
    const guardId = await guardWith('Henry Kariuki', 'approved');
    expect((await admin.client.patch(`/api/admin/officers/${guardId}/stages`, { stage: 'approved', value: true })).status).toBe(400);
    expect((await admin.client.patch(`/api/admin/officers/${crypto.randomUUID()}/stages`, { stage: 'fitForDuty', value: true })).status).toBe(404);
  });
});
