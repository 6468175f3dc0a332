import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
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

async function storedProfile(profileId: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
  return row!;
}

describe('GET /api/me', () => {
  it('answers a visitor with no user (a normal answer, not a 401), never cached', async () => {
    const res = await t.client().get('/api/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ user: null, session: null, profile: null });
  });

  it('still answers 401 in the one error shape on a route that needs a session', async () => {
    const res = await t.client().patch('/api/profiles/me', { fullName: 'Visitor', phone: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });

  it('answers a signed-in user with their user, session and profile', async () => {
    const { client, profileId, email } = await t.signedIn('client');
    const res = await client.get('/api/me');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user: { email, emailVerified: true },
      session: { expiresAt: expect.any(String) },
      profile: { id: profileId, role: 'client' },
    });
  });

  it('renews a session that is in use before it expires', async () => {
    const { client, profileId } = await t.signedIn('client');
    const { userId } = await storedProfile(profileId);
    // Pretend the session was last renewed two days ago and has five days left.
    const fiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: fiveDays, updatedAt: twoDaysAgo }).where(eq(sessions.userId, userId));

    const res = await client.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ops.session_token='))).toBe(true);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    expect((await client.get('/api/me')).status).toBe(200);
  });
});

describe('PATCH /api/profiles/me', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254 722 000 111', '254722000111'],
    ['254733123456', '254733123456'],
    ['', null],
  ])('stores the phone %j as %j', async (phone, stored) => {
    const { client, profileId } = await t.signedIn('client');
    const res = await client.patch('/api/profiles/me', { fullName: '  Amina Hassan ', phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ fullName: 'Amina Hassan', phone: stored });
    expect(await storedProfile(profileId)).toMatchObject({ fullName: 'Amina Hassan', phone: stored });
  });

  it.each([['0812 345 678'], ['12345'], ['+1 202 555 0100'], ['07123456789']])('refuses the phone %j and writes nothing', async (phone) => {
    const { client, profileId } = await t.signedIn('client', { fullName: 'Before Edit' });
    const res = await client.patch('/api/profiles/me', { fullName: 'After Edit', phone });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields.phone).toMatch(/Kenyan/);
    expect((await storedProfile(profileId)).fullName).toBe('Before Edit');
  });

  it('refuses a blank name', async () => {
    const { client } = await t.signedIn('guard');
    const res = await client.patch('/api/profiles/me', { fullName: ' ', phone: null });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { fullName: 'Full name is required' } });
  });

  it('never changes the role, whatever the request says', async () => {
    const { client, profileId } = await t.signedIn('client');
    const res = await client.patch('/api/profiles/me', { fullName: 'Amina', phone: null, role: 'admin' });
    expect(res.status).toBe(200);
    expect((await storedProfile(profileId)).role).toBe('client');
  });

  it('keeps a company name only on company accounts', async () => {
    const personal = await t.signedIn('client');
    await personal.client.patch('/api/profiles/me', { fullName: 'Amina', phone: null, companyName: 'Sneaky Ltd' });
    expect(await storedProfile(personal.profileId)).toMatchObject({ isCompany: false, companyName: null });

    const company = await t.signedIn('client', { isCompany: true, companyName: 'Kilimani Heights Ltd' });
    const renamed = await company.client.patch('/api/profiles/me', { fullName: 'David Kamau', phone: null, companyName: 'Kilimani Towers Ltd' });
    expect(await renamed.json()).toMatchObject({ companyName: 'Kilimani Towers Ltd', isCompany: true });
    const blank = await company.client.patch('/api/profiles/me', { fullName: 'David Kamau', phone: null, companyName: '' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ fields: { companyName: 'Company name is required' } });
  });

  it('changes only the signed-in person’s own profile', async () => {
    const amina = await t.signedIn('client', { fullName: 'Amina' });
    const brian = await t.signedIn('client', { fullName: 'Brian' });
    await brian.client.patch('/api/profiles/me', { fullName: 'Brian K', phone: null, id: amina.profileId });
    expect((await storedProfile(amina.profileId)).fullName).toBe('Amina');
    expect((await storedProfile(brian.profileId)).fullName).toBe('Brian K');
  });

  it('asks a guest to sign in', async () => {
    const res = await t.client().patch('/api/profiles/me', { fullName: 'x', phone: null });
    expect(res.status).toBe(401);
  });
});
