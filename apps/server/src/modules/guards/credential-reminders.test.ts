import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { guards } from '../../db/schema/guards.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
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

/** The daily job on a given Nairobi day (08:00), as the queue runs it, then the e-mails it queued. */
async function runRemindersOn(day: string) {
  t.deps.clock = () => new Date(`${day}T08:00:00+03:00`);
  await t.deps.jobs.enqueue('credential-reminders', {});
  await t.runJobs('credential-reminders');
  await t.runJobs('send-credential-reminder');
}

async function guardWith(credentials: Partial<typeof guards.$inferInsert>) {
  const guard = await t.signedInDirectly('guard');
  await t.database.db
    .update(guards)
    .set({
      psraLicenceNumber: 'PSRA/G/2025/004217',
      psraLicenceExpiresOn: '2027-06-30',
      policeClearanceIssuedOn: '2026-06-01',
      policeClearanceExpiresOn: '2027-05-31',
      ...credentials,
    })
    .where(eq(guards.profileId, guard.profileId));
  return guard;
}

async function notices(guard: Awaited<ReturnType<typeof guardWith>>) {
  const res = await guard.client.get('/api/notifications');
  expect(res.status).toBe(200);
  return ((await res.json()) as NotificationListDto).items.map((n) => ({ type: n.type, message: n.message, link: n.link }));
}

const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email);

const licenceNotice = (on: string) => ({
  type: 'security',
  message: `Your PSRA licence expires on ${on}. Renew it and upload the new licence on your profile so you can keep taking bookings.`,
  link: '/profile',
});

describe('the daily credential reminders', () => {
  it('tells a guard 30 and 7 days before the licence expires, once each however often it runs, in the app and by e-mail', async () => {
    const guard = await guardWith({ psraLicenceExpiresOn: '2026-12-25' });

    await runRemindersOn('2026-11-24'); // 31 days before: nothing yet
    expect(await notices(guard)).toEqual([]);

    await runRemindersOn('2026-11-25');
    await runRemindersOn('2026-11-25');
    await runRemindersOn('2026-11-30');
    expect(await notices(guard)).toEqual([licenceNotice('2026-12-25')]);
    expect(mailsTo(guard.email)).toHaveLength(1);
    expect(mailsTo(guard.email)[0]).toMatchObject({
      subject: 'Your PSRA licence expires on 2026-12-25',
      text: expect.stringContaining(
        'Your PSRA licence expires on 2026-12-25. Renew it and upload the new licence on your profile so you can keep taking bookings.',
      ),
      primaryLink: 'http://localhost:3000/profile',
    });

    await runRemindersOn('2026-12-18');
    await runRemindersOn('2026-12-18');
    await runRemindersOn('2026-12-24');
    expect(await notices(guard)).toEqual([licenceNotice('2026-12-25'), licenceNotice('2026-12-25')]);
    expect(mailsTo(guard.email)).toHaveLength(2);
  });

  it('tells a guard once, not twice, about a clearance entered inside the last 7 days', async () => {
    const guard = await guardWith({ policeClearanceIssuedOn: '2025-12-01', policeClearanceExpiresOn: '2026-11-30' });
    await runRemindersOn('2026-11-25');
    await runRemindersOn('2026-11-26');
    expect(await notices(guard)).toEqual([
      {
        type: 'security',
        message: 'Your police clearance expires on 2026-11-30. Renew it and upload the new clearance on your profile so you can keep taking bookings.',
        link: '/profile',
      },
    ]);
    expect(mailsTo(guard.email)).toHaveLength(1);
  });

  it('reminds again after a renewal, and leaves alone credentials far off, expired, or of a rejected guard', async () => {
    const renewed = await guardWith({ psraLicenceExpiresOn: '2026-12-20' });
    const farOff = await guardWith({});
    const expired = await guardWith({ psraLicenceExpiresOn: '2026-11-20' });
    const rejected = await guardWith({ psraLicenceExpiresOn: '2026-12-01' });
    await t.database.db
      .update(guards)
      .set({ status: 'rejected', rejectionReason: 'Documents do not match' })
      .where(eq(guards.profileId, rejected.profileId));

    await runRemindersOn('2026-11-25');
    expect(await notices(renewed)).toEqual([licenceNotice('2026-12-20')]);
    for (const guard of [farOff, expired, rejected]) {
      expect(await notices(guard)).toEqual([]);
      expect(mailsTo(guard.email)).toEqual([]);
    }

    await t.database.db.update(guards).set({ psraLicenceExpiresOn: '2026-12-22' }).where(eq(guards.profileId, renewed.profileId));
    await runRemindersOn('2026-11-26');
    expect(await notices(renewed)).toEqual([licenceNotice('2026-12-22'), licenceNotice('2026-12-20')]);
  });
});
