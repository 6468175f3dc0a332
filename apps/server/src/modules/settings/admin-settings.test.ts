import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettingsDto, PublicSettingsDto, SystemInfoDto } from '@ops/shared/schemas/settings';
import { LOGO_MESSAGES, TOO_LIGHT_MESSAGE } from '@ops/shared/schemas/settings';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
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
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

const VALID = {
  companyName: 'Simba Guards Ltd',
  slogan: 'Safe nights in Nairobi.',
  primaryColor: '#14532d',
  defaultBookingDurationHours: 12,
  maxAdvanceBookingDays: 60,
  platformCommissionPercent: 7.25,
  autoApproveGuards: true,
};

async function current(): Promise<AdminSettingsDto> {
  const res = await admin.client.get('/api/admin/settings');
  expect(res.status).toBe(200);
  return (await res.json()) as AdminSettingsDto;
}
const settingsAudits = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'settings.update'));

// The smallest PNG and a JPEG header: enough for the type check, which reads the content.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function uploadLogo(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return admin.client.request('/api/admin/settings/logo', { method: 'POST', body: form });
}

describe('saving settings', () => {
  it('starts from the defaults, saves valid values at once for everyone, and records before and after', async () => {
    expect(await current()).toMatchObject({
      companyName: 'OPS Security',
      primaryColor: '#0F1E36',
      logoUrl: null,
      defaultBookingDurationHours: 8,
      maxAdvanceBookingDays: 30,
      platformCommissionPercent: 5,
      autoApproveGuards: false,
    });

    const res = await admin.client.put('/api/admin/settings', VALID);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...VALID, primaryColor: '#14532D' });
    expect(await current()).toMatchObject({ ...VALID, primaryColor: '#14532D' });

    const pub = await t.client().get('/api/settings/public');
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toBe('public, no-cache');
    expect(pub.headers.get('etag')).toBeTruthy();
    expect((await pub.json()) as PublicSettingsDto).toEqual({
      companyName: 'Simba Guards Ltd',
      slogan: 'Safe nights in Nairobi.',
      primaryColor: '#14532D',
      logoUrl: null,
      maxAdvanceBookingDays: 60,
      defaultBookingDurationHours: 12,
      cancellationPolicy: { fullRefundNoticeHours: 48, fullRefundPercent: 95, partialRefundNoticeHours: 24, partialRefundPercent: 50 },
      reschedulePolicy: { noticeHours: 24, maxMoves: 2 },
    });

    const [audit] = await settingsAudits();
    expect(audit).toMatchObject({
      actorProfileId: admin.profileId,
      recordType: 'settings',
      before: expect.objectContaining({ companyName: 'OPS Security', platformCommissionBasisPoints: 500, autoApproveGuards: false }),
      after: expect.objectContaining({ companyName: 'Simba Guards Ltd', platformCommissionBasisPoints: 725, autoApproveGuards: true }),
    });
  });

  it.each([
    ['a duration under 6 hours', { defaultBookingDurationHours: 5 }, 'defaultBookingDurationHours', 'between 6 and 24 hours'],
    ['a duration over 24 hours', { defaultBookingDurationHours: 25 }, 'defaultBookingDurationHours', 'between 6 and 24 hours'],
    ['a duration in part hours', { defaultBookingDurationHours: 7.5 }, 'defaultBookingDurationHours', 'whole hours'],
    ['no advance booking', { maxAdvanceBookingDays: 0 }, 'maxAdvanceBookingDays', 'between 1 and 365 days'],
    ['over a year ahead', { maxAdvanceBookingDays: 366 }, 'maxAdvanceBookingDays', 'between 1 and 365 days'],
    ['a negative commission', { platformCommissionPercent: -1 }, 'platformCommissionPercent', 'between 0% and 50%'],
    ['a commission over 50%', { platformCommissionPercent: 50.01 }, 'platformCommissionPercent', 'between 0% and 50%'],
    ['three decimals of commission', { platformCommissionPercent: 5.125 }, 'platformCommissionPercent', 'at most two decimals'],
    ['a colour that is not #RRGGBB', { primaryColor: '#12345' }, 'primaryColor', 'six hexadecimal digits'],
    ['a colour name', { primaryColor: 'navy' }, 'primaryColor', 'six hexadecimal digits'],
    ['a colour too light for white text', { primaryColor: '#007BFF' }, 'primaryColor', TOO_LIGHT_MESSAGE],
    ['a blank company name', { companyName: '   ' }, 'companyName', 'Enter the company name.'],
    ['an 81-character company name', { companyName: 'K'.repeat(81) }, 'companyName', '80 characters'],
    ['a 121-character slogan', { slogan: 's'.repeat(121) }, 'slogan', '120 characters'],
    ['auto-approve as text', { autoApproveGuards: 'yes' }, 'autoApproveGuards', 'approved automatically'],
  ])('refuses %s with a message on that field and saves nothing', async (_label, change, field, message) => {
    const before = await current();
    const res = await admin.client.put('/api/admin/settings', { ...VALID, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields[field]).toContain(message);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await current()).toEqual(before);
    expect(await settingsAudits()).toEqual([]);
  });

  it('accepts the bounds themselves', async () => {
    for (const edge of [
      { defaultBookingDurationHours: 6, maxAdvanceBookingDays: 1, platformCommissionPercent: 0, companyName: 'K', slogan: '' },
      { defaultBookingDurationHours: 24, maxAdvanceBookingDays: 365, platformCommissionPercent: 50, companyName: 'K'.repeat(80), slogan: 's'.repeat(120) },
    ]) {
      const res = await admin.client.put('/api/admin/settings', { ...VALID, ...edge });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject(edge);
    }
  });
});

describe('the logo', () => {
  it('is uploaded through the file store, served publicly with its type, replaced, and removed', async () => {
    const res = await uploadLogo(PNG, 'logo.png');
    expect(res.status).toBe(200);
    const saved = (await res.json()) as AdminSettingsDto;
    expect(saved.logoUrl).toMatch(/^\/api\/settings\/logo\?v=[0-9a-f-]{36}$/);
    expect(((await (await t.client().get('/api/settings/public')).json()) as PublicSettingsDto).logoUrl).toBe(saved.logoUrl);

    const logo = await t.client().get(saved.logoUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    // A second upload replaces the first: one stored file, the old bytes gone.
    const [first] = await t.database.db.select().from(storedFiles);
    const again = (await (await uploadLogo(PNG, 'logo-2.png')).json()) as AdminSettingsDto;
    expect(again.logoUrl).not.toBe(saved.logoUrl);
    const files = await t.database.db.select().from(storedFiles);
    expect(files).toHaveLength(1);
    expect(await t.files.exists(`branding/${first!.key}`)).toBe(false);

    const removed = await admin.client.request('/api/admin/settings/logo', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as AdminSettingsDto).logoUrl).toBeNull();
    expect((await t.client().get('/api/settings/logo')).status).toBe(404);
    expect(await t.database.db.select().from(storedFiles)).toEqual([]);
    expect(await t.files.exists(`branding/${files[0]!.key}`)).toBe(false);
    expect((await settingsAudits()).length).toBe(3);
  });

  it('refuses SVG (it can carry script), anything that is not an image, and files over 2 MB, keeping no file', async () => {
    const svg = await uploadLogo(SVG, 'logo.png');
    expect(svg.status).toBe(400);
    expect(await svg.json()).toMatchObject({ fields: { file: LOGO_MESSAGES.wrongType } });
    const text = await uploadLogo(Buffer.from('just some words'), 'logo.jpg');
    expect(text.status).toBe(400);
    const big = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: LOGO_MESSAGES.tooLarge });
    expect(await t.database.db.select().from(storedFiles)).toEqual([]);
    expect((await current()).logoUrl).toBeNull();
  });
});

describe('system info', () => {
  it('names the version and the database engine in use with its server version', async () => {
    const res = await admin.client.get('/api/admin/system-info');
    expect(res.status).toBe(200);
    const info = (await res.json()) as SystemInfoDto;
    expect(info.version).toBe('v1.0.0');
    expect(info.database.engine).toBe(t.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
    expect(info.database.version).toMatch(/^\d+(\.\d+)?/);
    expect(info.database.description).toMatch(/^PostgreSQL \d+/);
  });
});
