/** A person's export of everything the service keeps about them. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { insertBooking, insertReview, validCredentials } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { privacyFixtures } from '../../test/privacy-fixtures.ts';

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

const { auditRows, clientWithHistory, notify, profileRow } = privacyFixtures(() => t);

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
