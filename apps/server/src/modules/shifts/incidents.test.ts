/** Incidents from the shift, their photos and corrections, and the client's shift report. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentDto, IncidentInput, ShiftReportDto } from '@ops/shared/schemas/shifts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { incidentPhotos, incidents } from '../../db/schema/shifts.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { readPdfText } from '../../test/certificate-pdf-reader.ts';
import { pdf } from '../../test/guard-document-fixtures.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { fileReport } from '../../test/incident-form.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { fileIncident } from './incidents.service.ts';

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

const { at, scene } = shiftFixtures(() => t);
const later = (ms: number) => new Date(SHIFT_START.getTime() + ms);
/** The smallest PNG: 1×1 pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const report = {
  type: 'intrusion',
  severity: 'high',
  occurredAt: later(2 * HOUR).toISOString(),
  description: 'A man climbed the back wall and ran when challenged.',
};

/** What the file store holds for incident photos. */
const storedKeys = () => readdir(join(t.files.root, 'incident-photos')).catch(() => [] as string[]);

function photo(client: TestClient, id: string, bytes: Uint8Array, name = 'wall.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return client.request(`/api/incidents/${id}/photos`, { method: 'POST', body: form });
}

async function onShift() {
  const s = await scene();
  at(later(0));
  await s.guard.client.post(`/api/shifts/${s.bookingId}/check-in`, {});
  at(later(2 * HOUR + 5 * MINUTE));
  return s;
}

describe('filing an incident', () => {
  it('the guard on the shift files it with photos; high severity alerts the operator and the client at once', async () => {
    const { client, guard, bookingId } = await onShift();
    const admin = await t.signedInDirectly('admin');
    const res = await fileReport(guard.client, bookingId, report, [{ bytes: PNG }, { bytes: PNG }]);
    expect(res.status).toBe(201);
    const filed = (await res.json()) as IncidentDto;
    expect(filed).toMatchObject({ typeLabel: 'Intrusion or break-in', severity: 'high', guardName: 'Peter Otieno' });
    expect(filed.photoUrls).toEqual([`/api/incidents/${filed.id}/photos/1`, `/api/incidents/${filed.id}/photos/2`]);
    // One more may follow while the report can be corrected; a fourth is refused.
    expect((await photo(guard.client, filed.id, PNG)).status).toBe(204);
    expect((await photo(guard.client, filed.id, PNG)).status).toBe(409);

    const bell = async (id: string) => (await t.database.db.select().from(notifications).where(eq(notifications.profileId, id))).map((n) => n.message);
    expect(await bell(admin.profileId)).toContainEqual(expect.stringContaining('High-severity incident on booking'));
    expect(await bell(client.profileId)).toEqual([expect.stringContaining('your guard reported an incident (Intrusion or break-in)')]);

    const listed = (await (await client.client.get(`/api/bookings/${bookingId}/incidents`)).json()) as IncidentDto[];
    expect(listed[0]?.photoUrls).toHaveLength(3);
    const image = await client.client.get(listed[0]!.photoUrls[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await (await t.signedInDirectly('client')).client.get(listed[0]!.photoUrls[0]!)).status).toBe(404);
    expect((await (await t.signedInDirectly('guard')).client.get(`/api/bookings/${bookingId}/incidents`)).status).toBe(404);
    expect((await (await t.signedInDirectly('partner')).client.get(`/api/bookings/${bookingId}/incidents`)).status).toBe(403);
    expect((await t.client().get(`/api/bookings/${bookingId}/incidents`)).status).toBe(401);
  });

  it('refuses a guard not on the shift, a time in the future, bad fields and a photo that is not an image, writing nothing', async () => {
    const { guard, bookingId } = await onShift();
    const stranger = await t.signedInDirectly('guard');
    expect((await fileReport(stranger.client, bookingId, report)).status).toBe(404);
    const future = await fileReport(guard.client, bookingId, { ...report, occurredAt: later(5 * HOUR).toISOString() });
    expect(future.status).toBe(400);
    for (const bad of [
      { ...report, type: 'alien' },
      { ...report, severity: 'extreme' },
      { ...report, description: 'x'.repeat(2001) },
      { ...report, description: '  ' },
    ]) {
      expect((await fileReport(guard.client, bookingId, bad)).status).toBe(400);
    }
    const four = await fileReport(guard.client, bookingId, report, [{ bytes: PNG }, { bytes: PNG }, { bytes: PNG }, { bytes: PNG }]);
    expect(four.status).toBe(400);
    expect(await four.json()).toMatchObject({ fields: { photos: 'Choose at most 3 photos.' } });
    // A document named and labelled as a photo is known by its bytes; the fields' errors come with it.
    const disguised = await fileReport(guard.client, bookingId, { ...report, description: '' }, [{ bytes: PNG }, { bytes: pdf(), name: 'wall.png' }]);
    expect(disguised.status).toBe(400);
    expect(await disguised.json()).toMatchObject({
      fields: { photos: 'The photo must be a JPEG, PNG or WebP image.', description: 'Describe what happened.' },
    });
    const json = await guard.client.post(`/api/shifts/${bookingId}/incidents`, report);
    expect(json.status).toBe(400);
    expect(await t.database.db.select().from(incidents)).toHaveLength(0);
    expect(await t.database.db.select().from(incidentPhotos)).toHaveLength(0);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
    expect(await storedKeys()).toEqual([]);
    const filed = (await (await fileReport(guard.client, bookingId, { ...report, severity: 'low' })).json()) as IncidentDto;
    const notImage = await photo(guard.client, filed.id, pdf(), 'wall.png', 'image/png');
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ fields: { file: 'The photo must be a JPEG, PNG or WebP image.' } });

    const idle = await scene({ start: later(24 * HOUR) });
    expect((await fileReport(idle.guard.client, idle.bookingId, report)).status).toBe(409);
  });

  it('the guard may correct it for 24 hours; after that only an admin, with a reason in the audit trail', async () => {
    const { guard, bookingId } = await onShift();
    const filed = (await (await fileReport(guard.client, bookingId, { ...report, severity: 'medium' })).json()) as IncidentDto;
    const fix = { ...report, severity: 'medium', description: 'A man climbed the back wall; he ran when challenged. Police called.' };
    expect((await guard.client.patch(`/api/incidents/${filed.id}`, fix)).status).toBe(200);
    at(later(2 * HOUR + 5 * MINUTE + 24 * HOUR + 1000));
    expect((await guard.client.patch(`/api/incidents/${filed.id}`, fix)).status).toBe(409);
    const admin = await t.signedInDirectly('admin');
    expect((await admin.client.patch(`/api/incidents/${filed.id}`, fix)).status).toBe(400);
    const edited = await admin.client.patch(`/api/incidents/${filed.id}`, { ...fix, severity: 'high', reason: 'The client confirmed a break-in.' });
    expect(((await edited.json()) as IncidentDto).severity).toBe('high');
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'incident.edit'));
    expect(audit?.after).toMatchObject({ severity: 'high', reason: 'The client confirmed a break-in.' });
    expect((await (await t.signedInDirectly('client')).client.patch(`/api/incidents/${filed.id}`, fix)).status).toBe(403);
  });

  it('a filing that fails after its photos reached the store leaves neither the incident nor the photos', async () => {
    const { guard, bookingId } = await onShift();
    const failing = {
      ...t.deps,
      jobs: {
        ...t.deps.jobs,
        enqueue: () => Promise.reject(new Error('the outbox is unavailable')),
      },
    };
    const photos = [{ bytes: PNG, contentType: 'image/png', originalName: 'wall.png' }];
    await expect(fileIncident(failing, guard.profileId, bookingId, report as IncidentInput, photos)).rejects.toThrow('the outbox is unavailable');
    expect(await t.database.db.select().from(incidents)).toHaveLength(0);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
    expect(await storedKeys()).toEqual([]);
  });
});

describe('the shift report', () => {
  it("shows the client each guard's times, verification, hours covered against booked, and the incidents; as a PDF too", async () => {
    const { client, guard, bookingId, reference } = await onShift();
    await fileReport(guard.client, bookingId, { ...report, severity: 'low' });
    at(later(6 * HOUR));
    await guard.client.post(`/api/shifts/${bookingId}/check-out`, {});
    const res = await client.client.get(`/api/bookings/${bookingId}/report`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ShiftReportDto;
    expect(body).toMatchObject({
      reference,
      hoursBooked: 8,
      hoursCovered: 6,
      guards: [{ fullName: 'Peter Otieno', hoursCovered: 6, shifts: [{ check: { verified: false } }] }],
    });
    expect(body.incidents).toHaveLength(1);

    const file = await client.client.get(`/api/bookings/${bookingId}/report.pdf`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const words = (await readPdfText(new Uint8Array(await file.arrayBuffer()))).text;
    expect(words).toContain(reference);
    expect(words).toContain('Peter Otieno: 6 hours');

    expect((await (await t.signedInDirectly('client')).client.get(`/api/bookings/${bookingId}/report`)).status).toBe(404);
    expect((await guard.client.get(`/api/bookings/${bookingId}/report`)).status).toBe(403);
    expect((await (await t.signedInDirectly('admin')).client.get(`/api/bookings/${bookingId}/report`)).status).toBe(200);
  });
});
