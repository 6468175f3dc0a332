/** Who may file, read, see the photos of and correct an incident; what a high-severity one sends. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentDto } from '@ops/shared/schemas/shifts';
import { settings } from '../../db/schema/settings.ts';
import { incidents } from '../../db/schema/shifts.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { fileReport } from '../../test/incident-form.ts';
import type { TestClient } from '../../test/test-client.ts';
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

const { at, scene } = shiftFixtures(() => t);
const later = (ms: number) => new Date(SHIFT_START.getTime() + ms);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const report = (severity = 'low') => ({
  type: 'suspicious_activity',
  severity,
  occurredAt: later(HOUR).toISOString(),
  description: 'A car parked at the gate for an hour with its lights off.',
});

function photo(client: TestClient, id: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'gate.png');
  return client.request(`/api/incidents/${id}/photos`, { method: 'POST', body: form });
}

/** A booking under way with its guard checked in, and everyone else who might ask. */
async function cast() {
  const s = await scene();
  at(later(0));
  expect((await s.guard.client.post(`/api/shifts/${s.bookingId}/check-in`, {})).status).toBe(201);
  at(later(HOUR + 5 * MINUTE));
  const adminUser = await t.signedInDirectly('admin');
  const others = {
    adminEmail: adminUser.email,
    guest: t.client(),
    otherClient: (await t.signedInDirectly('client')).client,
    otherGuard: (await t.signedInDirectly('guard')).client,
    partner: (await t.signedInDirectly('partner')).client,
    admin: adminUser.client,
  };
  return { ...s, ...others };
}

const statusOf = async (res: Promise<Response>) => (await res).status;

describe('filing an incident', () => {
  it('refuses a guard not on the shift before reading their upload: the answer comes while the photos are still being sent', async () => {
    const { bookingId, otherGuard } = await cast();
    let sent = 0;
    // A body that sends a first part and then never ends, as a large upload on a slow line.
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\n'));
        else await new Promise(() => undefined);
      },
    });
    const res = await otherGuard.request(`/api/shifts/${bookingId}/incidents`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(404);
    expect(await t.database.db.select().from(incidents)).toEqual([]);
  });

  it('only the guard checked in to the shift may file; everyone else is refused and nothing is written', async () => {
    const c = await cast();
    expect(await statusOf(fileReport(c.guest, c.bookingId, report()))).toBe(401);
    expect(await statusOf(fileReport(c.client.client, c.bookingId, report()))).toBe(403);
    expect(await statusOf(fileReport(c.otherClient, c.bookingId, report()))).toBe(403);
    expect(await statusOf(fileReport(c.partner, c.bookingId, report()))).toBe(403);
    expect(await statusOf(fileReport(c.admin, c.bookingId, report()))).toBe(403);
    expect(await statusOf(fileReport(c.otherGuard, c.bookingId, report()))).toBe(404);
    expect(await t.database.db.select().from(incidents)).toHaveLength(0);
    expect(await statusOf(fileReport(c.guard.client, c.bookingId, report()))).toBe(201);
  });

  it('a guard on the booking who has not checked in cannot file, even while the shift is under way', async () => {
    const s = await scene();
    at(later(HOUR));
    const res = await fileReport(s.guard.client, s.bookingId, report());
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('only on a shift you have checked in to') });
  });

  it('refuses a time before the shift and a description over 2,000 characters with the field named', async () => {
    const c = await cast();
    const early = await fileReport(c.guard.client, c.bookingId, { ...report(), occurredAt: later(-3 * HOUR).toISOString() });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ fields: { occurredAt: 'Give a time during this shift.' } });
    const long = await fileReport(c.guard.client, c.bookingId, { ...report(), description: 'x'.repeat(2001) });
    expect(await long.json()).toMatchObject({ fields: { description: 'Keep the description to 2000 characters or fewer.' } });
    expect(await t.database.db.select().from(incidents)).toHaveLength(0);
  });

  it('high severity queues the operator (bell, e-mail, duty SMS) and the client (bell, SMS, e-mail) at once', async () => {
    const c = await cast();
    await t.database.db.update(settings).set({ dutyPhone: '254733000003' });
    expect((await fileReport(c.guard.client, c.bookingId, report('low'))).status).toBe(201);
    expect(await t.runJobs('send-shift-sms')).toEqual([]);
    expect(await t.runJobs('send-shift-email')).toEqual([]);

    expect((await fileReport(c.guard.client, c.bookingId, report('high'))).status).toBe(201);
    const sms = await t.runJobs('send-shift-sms');
    expect(sms.map((m) => m.to).sort()).toEqual(['254711000001', '254733000003']);
    const mails = await t.runJobs('send-shift-email');
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([c.client.email, c.adminEmail]));
    expect(t.mailer.messages.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Incident on booking OPS-/));
    expect(t.sms.messages.map((m) => m.message)).toContainEqual(expect.stringContaining('your guard reported an incident'));
  });
});

describe('reading incidents and their photos', () => {
  it('the client, the guards on the booking and admins read; another client or guard finds nothing; a partner is refused', async () => {
    const c = await cast();
    const filed = (await (await fileReport(c.guard.client, c.bookingId, report())).json()) as IncidentDto;
    expect((await photo(c.guard.client, filed.id)).status).toBe(204);
    const list = `/api/bookings/${c.bookingId}/incidents`;
    const image = `/api/incidents/${filed.id}/photos/1`;
    for (const [who, status] of [
      [c.guest, 401],
      [c.client.client, 200],
      [c.otherClient, 404],
      [c.guard.client, 200],
      [c.otherGuard, 404],
      [c.partner, 403],
      [c.admin, 200],
    ] as const) {
      expect(await statusOf(who.get(list))).toBe(status);
      expect(await statusOf(who.get(image))).toBe(status);
    }
    const res = await c.client.client.get(image);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(PNG));
    expect((await c.client.client.get(`/api/incidents/${filed.id}/photos/2`)).status).toBe(404);
  });

  it('only the guard who filed it adds photos; another guard on nothing, a client or admin cannot', async () => {
    const c = await cast();
    const filed = (await (await fileReport(c.guard.client, c.bookingId, report())).json()) as IncidentDto;
    expect((await photo(c.otherGuard, filed.id)).status).toBe(404);
    expect((await photo(c.client.client, filed.id)).status).toBe(403);
    expect((await photo(c.admin, filed.id)).status).toBe(403);
    const listed = (await (await c.admin.get(`/api/bookings/${c.bookingId}/incidents`)).json()) as IncidentDto[];
    expect(listed[0]?.photoUrls).toEqual([]);
  });
});

describe('correcting an incident', () => {
  it('the filing guard within 24 hours; not another guard, a client, a partner or a guest', async () => {
    const c = await cast();
    const filed = (await (await fileReport(c.guard.client, c.bookingId, report())).json()) as IncidentDto;
    const fix = { ...report(), description: 'A grey car parked at the gate for an hour; it left at 09:40.' };
    const path = `/api/incidents/${filed.id}`;
    expect(await statusOf(c.guest.patch(path, fix))).toBe(401);
    expect(await statusOf(c.client.client.patch(path, fix))).toBe(403);
    expect(await statusOf(c.partner.patch(path, fix))).toBe(403);
    expect(await statusOf(c.otherGuard.patch(path, fix))).toBe(404);
    at(later(HOUR + 5 * MINUTE + 24 * HOUR - MINUTE));
    const res = await c.guard.client.patch(path, fix);
    expect(res.status).toBe(200);
    expect(((await res.json()) as IncidentDto).description).toBe(fix.description);
    at(later(HOUR + 5 * MINUTE + 24 * HOUR + MINUTE));
    expect(await statusOf(c.guard.client.patch(path, fix))).toBe(409);
    expect(await statusOf(photo(c.guard.client, filed.id))).toBe(409);
  });
});
