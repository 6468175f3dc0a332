import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME } from '@ops/shared/privacy';
import { auditEvents } from '../../db/schema/audit.ts';
import { accounts, sessions, users } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { deploymentReady, insertBooking, insertGuard, insertPayment, insertReview, validCredentials } from '../../test/fixtures.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
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

const DAY = 24 * 3600 * 1000;

async function profileRow(profileId: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
  return row!;
}

async function userOf(profileId: string) {
  const { userId } = await profileRow(profileId);
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return user!;
}

async function auditRows(action: string) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
}

async function notify(profileId: string, message: string) {
  await t.database.db.insert(notifications).values({ profileId, type: 'system', message });
}

/** A client with a paid past booking of a guard, a review of it, a notification, and a pending hold. */
async function clientWithHistory() {
  const amina = await t.signedIn('client', { fullName: 'Amina Otieno', phone: '254711000111' });
  const guardId = await insertGuard(t.database.db, { fullName: 'James Mwangi', phone: '254722000222' });
  const past = await insertBooking(t.database.db, { clientProfileId: amina.profileId, guardProfileId: guardId, status: 'completed', price: 9600 });
  await t.database.db.update(bookings).set({ address: 'James Gichuru Road, Lavington', notes: 'Gate code 4411' }).where(eq(bookings.id, past));
  await insertPayment(t.database.db, { bookingId: past, payerProfileId: amina.profileId, amount: 9600, status: 'paid' });
  await t.database.db
    .update(payments)
    .set({ phone: '254711000111', providerPayload: { customer: { email: amina.email } } })
    .where(eq(payments.bookingId, past));
  await insertReview(t.database.db, {
    bookingId: past,
    guardProfileId: guardId,
    clientProfileId: amina.profileId,
    rating: 5,
    comment: 'Punctual and discreet.',
  });
  await notify(amina.profileId, 'Your booking is confirmed');
  const hold = await insertBooking(t.database.db, {
    clientProfileId: amina.profileId,
    guardProfileId: guardId,
    status: 'pending',
    startTime: new Date(Date.now() + 3 * DAY),
  });
  return { ...amina, guardId, past, hold };
}

describe('GET /api/me/export', () => {
  it('gives the signed-in person all their data as a JSON attachment, and records the export', async () => {
    const amina = await clientWithHistory();
    const res = await amina.client.get('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ops-security-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = (await res.json()) as Record<string, unknown> & {
      account: { email: string; sessions: unknown[]; signInMethods: { method: string }[] };
      profile: { id: string; fullName: string; phone: string };
      bookingsAsClient: { id: string; address: string; notes: string; guard: { name: string } }[];
      payments: { amount: number; phone: string; bookingReference: string }[];
      reviewsWritten: { rating: number; guardName: string }[];
      notifications: { message: string }[];
      consents: unknown[];
    };
    expect(data.account.email).toBe(amina.email);
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ method: 'e-mail and password' })]);
    expect(data.account.sessions).toHaveLength(1);
    expect(data.profile).toMatchObject({ id: amina.profileId, fullName: 'Amina Otieno', phone: '254711000111' });
    expect(data.bookingsAsClient.map((b) => b.id).sort()).toEqual([amina.past, amina.hold].sort());
    expect(data.bookingsAsClient.find((b) => b.id === amina.past)).toMatchObject({
      address: 'James Gichuru Road, Lavington',
      notes: 'Gate code 4411',
      guard: { name: 'James Mwangi' },
    });
    expect(data.payments).toEqual([expect.objectContaining({ amount: 9600, phone: '254711000111', bookingReference: expect.any(String) })]);
    expect(data.reviewsWritten).toEqual([expect.objectContaining({ rating: 5, guardName: 'James Mwangi' })]);
    expect(data.notifications).toEqual([expect.objectContaining({ message: 'Your booking is confirmed' })]);
    expect(data).toHaveProperty('consents');
    expect(data).toHaveProperty('guardProfile', null);

    const [exported] = await auditRows('account.export');
    expect(exported).toMatchObject({ actorProfileId: amina.profileId, subjectProfileId: amina.profileId, recordId: amina.profileId, clientIp: 'local' });
  });

  it('never holds a password hash, a session token, the provider’s raw answers, or the guard’s contact details', async () => {
    const amina = await clientWithHistory();
    const text = await (await amina.client.get('/api/me/export')).text();
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, (await profileRow(amina.profileId)).userId));
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account!.userId));
    expect(text).not.toContain(account!.password!);
    expect(text).not.toContain(session!.token);
    expect(text).not.toContain('providerPayload');
    expect(text).not.toContain('customer');
    expect(text).not.toContain('254722000222');
  });

  it('holds nothing of another client’s, whatever the request asks for', async () => {
    const amina = await clientWithHistory();
    const brian = await t.signedIn('client', { fullName: 'Brian Kariuki', phone: '254733000333' });
    await insertBooking(t.database.db, { clientProfileId: brian.profileId, status: 'completed' });
    await notify(brian.profileId, 'For Brian only');

    const res = await brian.client.get(`/api/me/export?profileId=${amina.profileId}`);
    const text = await res.text();
    const data = JSON.parse(text) as { profile: { id: string }; bookingsAsClient: unknown[]; payments: unknown[] };
    expect(data.profile.id).toBe(brian.profileId);
    expect(data.bookingsAsClient).toHaveLength(1);
    expect(data.payments).toHaveLength(0);
    for (const secret of ['Amina', amina.email, '254711000111', 'Gate code', 'Lavington', amina.past]) expect(text).not.toContain(secret);
  });

  it('shows a guard their jobs with the client only as their dashboard does: no phone, e-mail or notes', async () => {
    const guard = await t.signedIn('guard', { fullName: 'Grace Njeri' });
    const credentials = validCredentials();
    await t.database.db.update(guards).set(credentials).where(eq(guards.profileId, guard.profileId));
    await t.database.db.insert(credentialReminders).values({
      guardProfileId: guard.profileId,
      credential: 'police_clearance',
      expiresOn: credentials.policeClearanceExpiresOn,
      daysBefore: 30,
      sentAt: new Date('2026-05-01T05:00:00Z'),
    });
    const client = await t.signedIn('client', { fullName: 'David Kamau', phone: '254744000444', isCompany: true, companyName: 'Kilimani Heights Ltd' });
    const job = await insertBooking(t.database.db, { clientProfileId: client.profileId, guardProfileId: guard.profileId, status: 'completed' });
    await t.database.db.update(bookings).set({ notes: 'Client’s private note' }).where(eq(bookings.id, job));
    await insertReview(t.database.db, {
      bookingId: job,
      guardProfileId: guard.profileId,
      clientProfileId: client.profileId,
      rating: 4,
      comment: 'Solid cover.',
    });
    const [licenceFile] = await t.database.db
      .insert(storedFiles)
      .values({
        bucket: 'guard-documents',
        key: 'guard-documents/secret-storage-key',
        originalName: 'psra-licence.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1234,
        ownerProfileId: guard.profileId,
      })
      .returning({ id: storedFiles.id });
    await t.database.db.update(guards).set({ psraLicenceFileId: licenceFile!.id }).where(eq(guards.profileId, guard.profileId));

    const text = await (await guard.client.get('/api/me/export')).text();
    const data = JSON.parse(text) as {
      guardProfile: Record<string, unknown>;
      credentialReminders: unknown[];
      documents: { name: string }[];
      bookingsAsGuard: { id: string; client: unknown }[];
      reviewsReceived: { reviewerName: string; rating: number }[];
    };
    expect(data.guardProfile).toMatchObject({ status: 'pending', ...credentials, psraLicenceFileId: licenceFile!.id });
    expect(data.credentialReminders).toEqual([
      { credential: 'police_clearance', expiresOn: credentials.policeClearanceExpiresOn, daysBefore: 30, sentAt: '2026-05-01T05:00:00.000Z' },
    ]);
    expect(data.documents).toEqual([expect.objectContaining({ name: 'psra-licence.pdf', bucket: 'guard-documents' })]);
    expect(data.bookingsAsGuard).toEqual([expect.objectContaining({ id: job, client: { name: 'David Kamau', companyName: 'Kilimani Heights Ltd' } })]);
    expect(data.reviewsReceived).toEqual([expect.objectContaining({ reviewerName: 'Kilimani Heights Ltd', rating: 4 })]);
    for (const secret of ['254744000444', client.email, 'private note', 'secret-storage-key', client.profileId]) expect(text).not.toContain(secret);
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.client().get('/api/me/export')).status).toBe(401);
  });
});

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
