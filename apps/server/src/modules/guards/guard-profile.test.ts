import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardListDto, OwnGuardProfileDto, UpdateGuardProfileInput } from '@ops/shared/schemas/guards';
import { guards } from '../../db/schema/guards.ts';
import { deploymentReady } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { setGuardApproval } from './guard-approval.service.ts';

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

const form = (overrides: Partial<UpdateGuardProfileInput> = {}): UpdateGuardProfileInput => ({
  bio: 'Ten years on residential estates in Karen.',
  specialization: 'Guard',
  experienceYears: 10,
  rateCurrency: 'KES',
  rateHourly: 1500,
  rateDaily: 12000,
  skills: ['Patrols'],
  highRiskCertified: false,
  availability: true,
  ...overrides,
});

async function ownProfile(client: TestClient): Promise<OwnGuardProfileDto> {
  const res = await client.get('/api/guards/me/profile');
  expect(res.status).toBe(200);
  return (await res.json()) as OwnGuardProfileDto;
}

describe('GET /api/guards/me/profile', () => {
  it('shows a new guard an empty profile under review', async () => {
    const { client } = await t.signedIn('guard');
    expect(await ownProfile(client)).toEqual({
      bio: null,
      specialization: null,
      experienceYears: 0,
      rateHourly: null,
      rateDaily: null,
      skills: [],
      highRiskCertified: false,
      availability: true,
      approved: false,
      status: 'pending',
      rejectionReason: null,
    });
  });

  it('is for guards only', async () => {
    for (const role of ['client', 'admin', 'partner'] as const) {
      const { client } = await t.signedIn(role);
      const res = await client.get('/api/guards/me/profile');
      expect(res.status, role).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await t.client().get('/api/guards/me/profile')).status).toBe(401);
  });
});

describe('PUT /api/guards/me/profile', () => {
  it('stores rates typed in USD as whole KES at 145 to the dollar', async () => {
    const { client } = await t.signedIn('guard');
    const res = await client.put('/api/guards/me/profile', form({ rateCurrency: 'USD', rateHourly: 10, rateDaily: 82.5 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rateHourly: 1450, rateDaily: 11963 });
    expect(await ownProfile(client)).toMatchObject({ rateHourly: 1450, rateDaily: 11963 });
  });

  it('bounds rates as stored, in KES: a rate typed in USD is checked after its conversion', async () => {
    const { client } = await t.signedIn('guard');
    await client.put('/api/guards/me/profile', form());
    for (const [rates, field] of [
      [{ rateCurrency: 'USD', rateHourly: 1_000_000, rateDaily: null }, 'rateHourly'],
      [{ rateCurrency: 'USD', rateHourly: 10, rateDaily: 6_900 }, 'rateDaily'],
      [{ rateCurrency: 'KES', rateHourly: 1_000_001 }, 'rateHourly'],
    ] as const) {
      const res = await client.put('/api/guards/me/profile', form(rates));
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ [field]: 'A rate can be at most KES 1,000,000 ($6,896.55).' });
    }
    expect(await ownProfile(client)).toMatchObject({ rateHourly: 1500, rateDaily: 12000 });

    const res = await client.put('/api/guards/me/profile', form({ rateCurrency: 'USD', rateHourly: 6_896, rateDaily: null }));
    expect(res.status).toBe(200);
    expect(await ownProfile(client)).toMatchObject({ rateHourly: 999_920 });
  });

  it('rounds KES rates to whole shillings, trims the bio and cleans the skills', async () => {
    const { client } = await t.signedIn('guard');
    const res = await client.put(
      '/api/guards/me/profile',
      form({ rateHourly: 1200.6, rateDaily: null, bio: '   Calm and discreet.  ', skills: [' First  aid ', 'first aid', '', '  ', 'CCTV'] }),
    );
    expect(res.status).toBe(200);
    expect(await ownProfile(client)).toMatchObject({ rateHourly: 1201, rateDaily: null, bio: 'Calm and discreet.', skills: ['First aid', 'CCTV'] });

    await client.put('/api/guards/me/profile', form({ bio: '    ' }));
    expect((await ownProfile(client)).bio).toBeNull();
  });

  it('does not approve the guard, whatever the request says', async () => {
    const me = await t.signedIn('guard', { fullName: 'Faith Akinyi' });
    const res = await me.client.put('/api/guards/me/profile', { ...form(), approved: true, status: 'approved' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ approved: false, status: 'pending' });

    const { client } = await t.signedIn('client');
    const page = (await (await client.get('/api/guards')).json()) as GuardListDto;
    expect(page.items.map((g) => g.displayName)).not.toContain('Faith Akinyi');
  });

  it('keeps an approved guard approved, and clients see the new rate', async () => {
    const me = await t.signedIn('guard', { fullName: 'Peter Otieno' });
    // Licensed, cleared and through onboarding, as a guard must be to be listed to clients.
    await t.database.db.update(guards).set(deploymentReady()).where(eq(guards.profileId, me.profileId));
    await setGuardApproval(t.database.db, me.profileId, true);
    await me.client.put('/api/guards/me/profile', form({ rateHourly: 1750 }));
    expect(await ownProfile(me.client)).toMatchObject({ approved: true, status: 'approved' });

    const { client } = await t.signedIn('client');
    const page = (await (await client.get('/api/guards')).json()) as GuardListDto;
    expect(page.items).toEqual([expect.objectContaining({ displayName: 'Peter Otieno', rateHourly: 1750 })]);
  });

  it('creates the guard profile when the guard has none yet', async () => {
    const { client, profileId } = await t.signedIn('guard');
    await t.database.db.delete(guards).where(eq(guards.profileId, profileId));
    expect(await ownProfile(client)).toMatchObject({ status: 'pending', skills: [] });
    const res = await client.put('/api/guards/me/profile', form());
    expect(res.status).toBe(200);
    expect(await ownProfile(client)).toMatchObject({ experienceYears: 10, rateHourly: 1500, status: 'pending', approved: false });
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const { client } = await t.signedIn('guard');
    await client.put('/api/guards/me/profile', form());
    const before = await ownProfile(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ experienceYears: -1 }, 'experienceYears'],
      [{ experienceYears: 61 }, 'experienceYears'],
      [{ rateHourly: -5 }, 'rateHourly'],
      [{ rateDaily: 'lots' }, 'rateDaily'],
      [{ specialization: 'Chef' }, 'specialization'],
      [{ skills: ['x'.repeat(61)] }, 'skills.0'],
    ];
    for (const [overrides, field] of cases) {
      const res = await client.put('/api/guards/me/profile', { ...form({ experienceYears: 2, rateHourly: 999 }), ...overrides });
      expect(res.status, field).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields), field).toEqual([field]);
    }
    expect(await ownProfile(client)).toEqual(before);
  });

  it('lets only guards edit a guard profile', async () => {
    const { client } = await t.signedIn('client');
    expect((await client.put('/api/guards/me/profile', form())).status).toBe(403);
    expect((await t.client().put('/api/guards/me/profile', form())).status).toBe(401);
    expect(await t.database.db.select().from(guards)).toHaveLength(0);
  });
});
