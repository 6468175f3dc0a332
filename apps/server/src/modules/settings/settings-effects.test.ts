/** What an admin saves in Settings is in force from the next request on: bookings, payments, sign-up and e-mails. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/auth.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { approveMpesa, bookingRow, pay, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { confirmEmailMessage } from '../auth/auth.emails.ts';
import { brandedMailer } from '../../providers/mail/branded-mailer.ts';
import { APPROVED_MESSAGE } from '../guards/guard-approval.service.ts';
import { readMailBrand } from './settings.service.ts';

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

const DEFAULTS = {
  companyName: 'OPS Security',
  slogan: 'Select and Deploy the Best.',
  primaryColor: '#0F1E36',
  defaultBookingDurationHours: 8,
  maxAdvanceBookingDays: 30,
  platformCommissionPercent: 5,
  autoApproveGuards: false,
};
async function save(change: Partial<typeof DEFAULTS>) {
  const res = await admin.client.put('/api/admin/settings', { ...DEFAULTS, ...change });
  expect(res.status).toBe(200);
}

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);
const wizard = (guardId: string | null, serviceType: string | null, date: string) => ({
  serviceType,
  guardId,
  teamSize: 1,
  date,
  startTime: '09:00',
  duration: 8,
  durationType: 'hourly',
  dressCode: 'business_suit',
  location: 'Karen',
  address: '12 Karen Road',
});
const form = (startDate: string) => ({
  serviceType: 'vip',
  bookingType: 'hourly',
  startDate,
  startTime: '08:00',
  endTime: '16:00',
  location: 'Westlands',
  guards: 1,
});

describe('max advance booking days', () => {
  it('refuses a start beyond the saved limit on all three booking flows, and allows one on the limit', async () => {
    await save({ maxAdvanceBookingDays: 10 });
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    const flows = (date: string) =>
      [
        ['the six-step modal', '/api/bookings', wizard(guardId, 'personal', date), 'date'],
        ['/booking', '/api/bookings', wizard(null, null, date), 'date'],
        ['/old-booking', '/api/bookings/form', form(date), 'startDate'],
      ] as const;
    for (const [_flow, path, body, field] of flows(inDays(11))) {
      const res = await client.post(path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields[field]).toBe('Bookings can be made at most 10 days ahead.');
    }
    expect(await t.database.db.select().from(bookings)).toEqual([]);
    for (const [_flow, path, body] of flows(inDays(10))) expect((await client.post(path, body)).status).toBe(201);
  });
});

describe('platform commission', () => {
  it('is recorded at the saved rate when a booking is paid', async () => {
    await save({ platformCommissionPercent: 7.5 });
    const { client, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    expect((await approveMpesa(client.client, body.checkoutUrl)).status).toBe(303);
    // KES 9,600 at 7.5%.
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'paid', commissionAmount: 720 });
  });
});

describe('auto-approve guards', () => {
  const signUp = (email: string) =>
    t.client().post('/api/accounts', {
      fullName: 'Otieno Juma',
      email,
      password: 'Kilimani-2026',
      confirmPassword: 'Kilimani-2026',
      phone: '0712 345 678',
      role: 'guard',
      isCompany: false,
      acceptPrivacyNotice: true,
    });
  const guardOf = async (email: string) => {
    const [row] = await t.database.db
      .select({ profileId: guards.profileId, approved: guards.approved, status: guards.status, approvedAt: guards.approvedAt })
      .from(guards)
      .innerJoin(profiles, eq(profiles.id, guards.profileId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, email));
    return row!;
  };

  it('leaves a new guard under review while off, and approves one at once while on, who still cannot be booked without credentials', async () => {
    expect((await signUp('pending.guard@example.co.ke')).status).toBe(201);
    expect(await guardOf('pending.guard@example.co.ke')).toMatchObject({ approved: false, status: 'pending', approvedAt: null });

    await save({ autoApproveGuards: true });
    expect((await signUp('approved.guard@example.co.ke')).status).toBe(201);
    const guard = await guardOf('approved.guard@example.co.ke');
    expect(guard).toMatchObject({ approved: true, status: 'approved', approvedAt: expect.any(Date) });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.profileId, guard.profileId));
    expect(told).toEqual([expect.objectContaining({ type: 'approval', message: APPROVED_MESSAGE })]);

    // No PSRA licence or police clearance yet: not bookable.
    const { client } = await t.signedIn('client');
    const res = await client.post('/api/bookings', wizard(guard.profileId, 'personal', inDays(3)));
    expect(res.status).toBe(409);
    expect(await t.database.db.select().from(bookings)).toEqual([]);
  });
});

describe('branding in e-mails', () => {
  it('puts the saved company name and colour in the header, button, sign-off and footer', async () => {
    await save({ companyName: 'Simba Guards & Co', primaryColor: '#14532D' });
    const sent: string[] = [];
    const mailer = brandedMailer({ kind: 'outbox', send: (m) => Promise.resolve(void sent.push(m.html)) }, () => readMailBrand(t.database.db), t.logger);
    await mailer.send(confirmEmailMessage('amina@example.co.ke', 'Amina', 'https://ops.example.co.ke/confirm?token=abc'));
    const [html] = sent;
    expect(html).toContain('<span data-brand="name">Simba Guards &amp; Co</span> · Nairobi, Kenya');
    expect(html).toContain('The <span data-brand="name">Simba Guards &amp; Co</span> team');
    expect(html).toContain('border-top:4px solid #14532D');
    expect(html).toContain('style="background:#14532D;color:#fff');
    expect(html).not.toContain('#0F1E36');
    expect(html).not.toContain('>OPS Security<');
  });
});
