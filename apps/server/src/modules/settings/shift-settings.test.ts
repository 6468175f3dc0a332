/** The shift settings: saved within their bounds, the duty phone read as a Kenyan number, and refusals that change nothing. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

const BASE = {
  companyName: 'OPS Security',
  slogan: 'Select and Deploy the Best.',
  primaryColor: '#0F1E36',
  defaultBookingDurationHours: 8,
  maxAdvanceBookingDays: 30,
  platformCommissionPercent: 5,
  autoApproveGuards: false,
};
const current = async () => (await (await admin.client.get('/api/admin/settings')).json()) as AdminSettingsDto;

describe('the shift settings', () => {
  it('start from the defaults and save, the duty phone read as a Kenyan number and emptied to none', async () => {
    expect(await current()).toMatchObject({
      reminderFirstLeadHours: 24,
      reminderSecondLeadHours: 2,
      checkInOpensMinutes: 30,
      siteRadiusMeters: 200,
      lateGraceMinutes: 15,
      completionGraceMinutes: 120,
      dutyPhone: null,
    });
    const saved = await admin.client.put('/api/admin/settings', {
      ...BASE,
      reminderFirstLeadHours: 12,
      reminderSecondLeadHours: 1,
      lateGraceMinutes: 10,
      dutyPhone: '0712 345 678',
    });
    expect(saved.status).toBe(200);
    expect(await current()).toMatchObject({ reminderFirstLeadHours: 12, reminderSecondLeadHours: 1, lateGraceMinutes: 10, dutyPhone: '254712345678' });
    await admin.client.put('/api/admin/settings', { ...BASE, dutyPhone: '' });
    expect((await current()).dutyPhone).toBeNull();
  });

  it('refuses values out of bounds, a phone that is not Kenyan and a second reminder not after the first, changing nothing', async () => {
    const before = await current();
    const bad: [Record<string, unknown>, string][] = [
      [{ reminderFirstLeadHours: 100 }, 'reminderFirstLeadHours'],
      [{ checkInOpensMinutes: -5 }, 'checkInOpensMinutes'],
      [{ siteRadiusMeters: 10 }, 'siteRadiusMeters'],
      [{ lateGraceMinutes: 2.5 }, 'lateGraceMinutes'],
      [{ completionGraceMinutes: 30 }, 'completionGraceMinutes'],
      [{ dutyPhone: '+1 202 555 0100' }, 'dutyPhone'],
      [{ reminderFirstLeadHours: 6, reminderSecondLeadHours: 6 }, 'reminderSecondLeadHours'],
      // The saved first reminder is 24 hours: a second of 12 is fine, but not against a first of 10.
      [{ reminderFirstLeadHours: 10, reminderSecondLeadHours: 12 }, 'reminderSecondLeadHours'],
    ];
    for (const [change, field] of bad) {
      const res = await admin.client.put('/api/admin/settings', { ...BASE, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
    // The second reminder given alone is checked against the first already saved.
    await admin.client.put('/api/admin/settings', { ...BASE, reminderFirstLeadHours: 3 });
    const alone = await admin.client.put('/api/admin/settings', { ...BASE, reminderSecondLeadHours: 4 });
    expect(alone.status).toBe(400);
    expect({ ...(await current()), reminderFirstLeadHours: 24, updatedAt: before.updatedAt }).toEqual(before);
  });
});

describe('the cancellation policy', () => {
  it('starts from 95% with 48 hours, 50% with 24; saves at once for clients, and refuses a policy that does not hold, changing nothing', async () => {
    expect(await current()).toMatchObject({ cancelFullNoticeHours: 48, cancelFullPercent: 95, cancelPartialNoticeHours: 24, cancelPartialPercent: 50 });
    const saved = await admin.client.put('/api/admin/settings', { ...BASE, cancelFullNoticeHours: 72, cancelFullPercent: 100, cancelPartialPercent: 30 });
    expect(saved.status).toBe(200);
    const pub = (await (await t.client().get('/api/settings/public')).json()) as { cancellationPolicy: unknown };
    expect(pub.cancellationPolicy).toEqual({ fullRefundNoticeHours: 72, fullRefundPercent: 100, partialRefundNoticeHours: 24, partialRefundPercent: 30 });

    const before = await current();
    const bad: [Record<string, unknown>, string][] = [
      [{ cancelFullNoticeHours: 0 }, 'cancelFullNoticeHours'],
      [{ cancelFullPercent: 101 }, 'cancelFullPercent'],
      [{ cancelPartialPercent: 12.5 }, 'cancelPartialPercent'],
      // The shorter notice must be shorter, and a later cancellation cannot get more back.
      [{ cancelPartialNoticeHours: 72 }, 'cancelPartialNoticeHours'],
      [{ cancelFullNoticeHours: 20 }, 'cancelPartialNoticeHours'],
      [{ cancelPartialPercent: 100, cancelFullPercent: 90 }, 'cancelPartialPercent'],
    ];
    for (const [values, field] of bad) {
      const res = await admin.client.put('/api/admin/settings', { ...BASE, ...values });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
    expect(await current()).toEqual(before);
  });
});
