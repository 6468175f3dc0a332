/** A person's erasure of their account: what goes, what stays for the law, and what others keep. */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME } from '@ops/shared/privacy';
import { accounts, sessions } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { deploymentReady, insertBooking, insertGuard, insertPayment } from '../../test/fixtures.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { DAY, privacyFixtures } from '../../test/privacy-fixtures.ts';

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

const { auditRows, clientWithHistory, profileRow, userOf } = privacyFixtures(() => t);

describe('POST /api/me/delete', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const amina = await clientWithHistory();
    const res = await amina.client.post('/api/me/delete', { password: 'not-my-password' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { password: expect.stringMatching(/not right/) } });
    expect((await profileRow(amina.profileId)).fullName).toBe('Amina Otieno');
    expect((await amina.client.get('/api/me')).status).toBe(200);
    expect(await auditRows('account.delete')).toHaveLength(0);
  });

  it('anonymises the person, keeps the accounts’ records, releases holds, ends sessions and refuses the old sign-in', async () => {
    const amina = await clientWithHistory();
    const otherDevice = t.client();
    expect((await otherDevice.post('/api/auth/sign-in/email', { email: amina.email, password: TEST_PASSWORD })).status).toBe(200);

    const res = await amina.client.post('/api/me/delete', { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c) && /max-age=0/i.test(c))).toBe(true);

    // Personal data gone.
    const profile = await profileRow(amina.profileId);
    expect(profile).toMatchObject({ fullName: DELETED_USER_NAME, phone: null, avatarUrl: null, companyName: null, role: 'client' });
    const user = await userOf(amina.profileId);
    expect(user.name).toBe(DELETED_USER_NAME);
    expect(user.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.profileId, amina.profileId))).toHaveLength(0);

    // What the accounts need stays, without the address, notes, paying phone or provider answers.
    const [past] = await t.database.db.select().from(bookings).where(eq(bookings.id, amina.past));
    expect(past).toMatchObject({ status: 'completed', paymentStatus: 'paid', price: 9600, address: null, notes: null, clientProfileId: amina.profileId });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, amina.past));
    expect(payment).toMatchObject({ amount: 9600, status: 'paid', phone: null, providerPayload: null, payerProfileId: amina.profileId });
    expect(payment!.paidAt).toBeInstanceOf(Date);

    // The unpaid hold is released.
    const [hold] = await t.database.db.select().from(bookings).where(eq(bookings.id, amina.hold));
    expect(hold).toMatchObject({ status: 'cancelled', cancelledReason: 'The account was deleted' });

    // The review stays, under the anonymised name.
    const reviews = (await (await (await t.signedIn('client')).client.get(`/api/guards/${amina.guardId}/reviews`)).json()) as { reviewerName: string }[];
    expect(reviews.map((r) => r.reviewerName)).toEqual([DELETED_USER_NAME]);

    // Every session ended at once, on every device; the old e-mail and password no longer sign in.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await (await amina.client.get('/api/me')).json()).toEqual({ user: null, session: null, profile: null });
    expect((await otherDevice.get('/api/me/export')).status).toBe(401);
    const again = await t.client().post('/api/auth/sign-in/email', { email: amina.email, password: TEST_PASSWORD });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);

    const [deleted] = await auditRows('account.delete');
    expect(deleted).toMatchObject({ actorProfileId: amina.profileId, subjectProfileId: amina.profileId, clientIp: 'local', before: { role: 'client' } });
    expect(deleted!.after).toMatchObject({ cancelledHolds: 1, endedSessions: 2, paymentsAnonymised: 1, bookingsAnonymised: 1 });
    expect(JSON.stringify(deleted)).not.toContain('Amina');
  });

  it('refuses while a confirmed booking has not ended, saying so, and changes nothing', async () => {
    const amina = await t.signedIn('client', { fullName: 'Amina Otieno' });
    const guardId = await insertGuard(t.database.db);
    await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      guardProfileId: guardId,
      status: 'confirmed',
      startTime: new Date(Date.now() + 2 * DAY),
    });
    const hold = await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'pending', startTime: new Date(Date.now() + 5 * DAY) });

    const res = await amina.client.post('/api/me/delete', { password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/cannot be deleted while a confirmed booking has not ended \(OPS-/);
    expect((await profileRow(amina.profileId)).fullName).toBe('Amina Otieno');
    const [stillHeld] = await t.database.db.select().from(bookings).where(eq(bookings.id, hold));
    expect(stillHeld!.status).toBe('pending');
    expect((await amina.client.get('/api/me/export')).status).toBe(200);
  });

  it('lets a client go once their confirmed booking has ended', async () => {
    const amina = await t.signedIn('client');
    await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'confirmed', startTime: new Date(Date.now() - 3 * DAY) });
    expect((await amina.client.post('/api/me/delete', { password: TEST_PASSWORD })).status).toBe(200);
  });

  it('refuses while a payment is on its way', async () => {
    const amina = await t.signedIn('client');
    const booking = await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      status: 'pending',
      paymentStatus: 'pending',
      startTime: new Date(Date.now() + DAY),
    });
    await insertPayment(t.database.db, { bookingId: booking, payerProfileId: amina.profileId, amount: 9600, status: 'pending' });
    const res = await amina.client.post('/api/me/delete', { password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/payment or refund is being processed/);
  });

  it('takes a guard off every list, removes their credentials, and tells clients whose unpaid holds were released', async () => {
    const guard = await t.signedIn('guard', { fullName: 'Grace Njeri', phone: '254755000555' });
    await t.database.db
      .update(guards)
      .set({ status: 'approved', approved: true, approvedAt: new Date(), bio: 'Ten years in close protection.', ...deploymentReady() })
      .where(eq(guards.profileId, guard.profileId));
    const form = new FormData();
    form.append('kind', 'psra_licence');
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')], { type: 'application/pdf' }), 'licence.pdf');
    const uploaded = await guard.client.request('/api/guard/documents', { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [document] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerProfileId, guard.profileId));
    const storeKey = `${document!.bucket}/${document!.key}`;
    expect(await t.files.exists(storeKey)).toBe(true);
    await t.database.db
      .insert(credentialReminders)
      .values({ guardProfileId: guard.profileId, credential: 'psra_licence', expiresOn: '2027-01-31', daysBefore: 30 });
    const client = await t.signedIn('client');
    const held = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      guardProfileId: guard.profileId,
      status: 'pending',
      startTime: new Date(Date.now() + 4 * DAY),
    });
    const listed = async () => ((await (await client.client.get('/api/guards')).json()) as { items: { id: string }[] }).items.map((g) => g.id);
    expect(await listed()).toContain(guard.profileId);

    expect((await guard.client.post('/api/me/delete', { password: TEST_PASSWORD })).status).toBe(200);

    expect(await listed()).not.toContain(guard.profileId);
    expect((await client.client.get(`/api/guards/${guard.profileId}`)).status).toBe(404);
    expect(await t.database.db.select().from(guards).where(eq(guards.profileId, guard.profileId))).toHaveLength(0);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerProfileId, guard.profileId))).toHaveLength(0);
    // The document's bytes are gone from the file store too, and so is the record of credential reminders.
    expect(await t.files.exists(storeKey)).toBe(false);
    expect(await t.database.db.select().from(credentialReminders).where(eq(credentialReminders.guardProfileId, guard.profileId))).toHaveLength(0);
    expect(await profileRow(guard.profileId)).toMatchObject({ fullName: DELETED_USER_NAME, phone: null, role: 'guard' });
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, held));
    expect(booking!.status).toBe('cancelled');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, client.profileId), eq(notifications.type, 'booking')));
    expect(told.map((n) => n.message)).toEqual([expect.stringMatching(/guard is no longer available/)]);
  });

  it('refuses a guard whose confirmed job has not ended', async () => {
    const guard = await t.signedIn('guard');
    const client = await t.signedIn('client');
    await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      guardProfileId: guard.profileId,
      status: 'confirmed',
      startTime: new Date(Date.now() + DAY),
    });
    expect((await guard.client.post('/api/me/delete', { password: TEST_PASSWORD })).status).toBe(409);
  });

  it('deletes only the signed-in person’s own account, whatever the request names', async () => {
    const amina = await clientWithHistory();
    const brian = await t.signedIn('client', { fullName: 'Brian Kariuki' });
    const aminaUser = await userOf(amina.profileId);
    const res = await brian.client.post('/api/me/delete', { password: TEST_PASSWORD, profileId: amina.profileId, userId: aminaUser.id });
    expect(res.status).toBe(200);
    expect((await profileRow(brian.profileId)).fullName).toBe(DELETED_USER_NAME);
    expect((await profileRow(amina.profileId)).fullName).toBe('Amina Otieno');
    expect((await amina.client.get('/api/me/export')).status).toBe(200);
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.client().post('/api/me/delete', { password: TEST_PASSWORD })).status).toBe(401);
  });

  it('keeps the last administrator, and lets an administrator go when another remains', async () => {
    const admin = await t.signedIn('admin');
    const res = await admin.client.post('/api/me/delete', { password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/only administrator/);

    await t.signedIn('admin');
    expect((await admin.client.post('/api/me/delete', { password: TEST_PASSWORD })).status).toBe(200);
    // A deleted account keeps no staff role.
    expect((await profileRow(admin.profileId)).role).toBe('client');
  });
});
