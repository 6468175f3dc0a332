/** The client's shift report and its PDF: who may read it and the figures it gives. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { readPdfText } from '../../test/certificate-pdf-reader.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
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

const { at, scene } = shiftFixtures(() => t);
const later = (ms: number) => new Date(SHIFT_START.getTime() + ms);

describe('who reads the shift report', () => {
  it("the booking's client and admins; another client finds nothing; guards, partners and guests are refused", async () => {
    const { client, guard, bookingId } = await scene();
    at(later(HOUR));
    const askers = [
      [t.client(), 401],
      [client.client, 200],
      [(await t.signedInDirectly('client')).client, 404],
      [guard.client, 403],
      [(await t.signedInDirectly('guard')).client, 403],
      [(await t.signedInDirectly('partner')).client, 403],
      [(await t.signedInDirectly('admin')).client, 200],
    ] as const;
    for (const [who, status] of askers) {
      expect((await who.get(`/api/bookings/${bookingId}/report`)).status).toBe(status);
      expect((await who.get(`/api/bookings/${bookingId}/report.pdf`)).status).toBe(status);
    }
  });

  it('is not there for a booking that is not paid', async () => {
    const { client, bookingId } = await scene({ status: 'pending' });
    const res = await client.client.get(`/api/bookings/${bookingId}/report`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'There is a shift report only for a paid booking.' });
  });
});

describe("the report's figures", () => {
  it('a late check-in with no check-out covers from the check-in to the booked end, and is not verified without the code', async () => {
    const { client, guard, bookingId, reference } = await scene();
    at(later(90 * MINUTE));
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-in`, {})).status).toBe(201);
    // While the shift is still being worked, the hours count to now, not to its end.
    at(later(4 * HOUR));
    const midway = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as ShiftReportDto;
    expect(midway.hoursCovered).toBe(2.5);
    at(later(10 * HOUR));
    const report = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as ShiftReportDto;
    expect(report).toMatchObject({
      reference,
      area: 'Karen',
      hoursBooked: 8,
      hoursCovered: 6.5,
      guards: [
        {
          fullName: 'Peter Otieno',
          hoursCovered: 6.5,
          shifts: [{ shiftIndex: 0, hoursCovered: 6.5, check: { checkedInAt: later(90 * MINUTE).toISOString(), checkedOutAt: null, verified: false } }],
        },
      ],
      incidents: [],
    });
  });

  it('a check-in with the site code is verified and a guard who never came covers nothing', async () => {
    const { client, guard, bookingId, siteCode } = await scene();
    at(later(-MINUTE));
    const early = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as ShiftReportDto;
    expect(early.guards[0]?.shifts[0]).toMatchObject({ upcoming: true, check: { checkedInAt: null } });
    at(later(0));
    const before = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as ShiftReportDto;
    expect(before).toMatchObject({
      hoursCovered: 0,
      guards: [{ hoursCovered: 0, shifts: [{ upcoming: false, check: { checkedInAt: null, verified: null } }] }],
    });
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode });
    at(later(3 * HOUR));
    await guard.client.post(`/api/shifts/${bookingId}/check-out`, {});
    const after = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as ShiftReportDto;
    expect(after).toMatchObject({ hoursCovered: 3, guards: [{ shifts: [{ check: { verified: true, verifiedBy: 'code' } }] }] });
  });

  it('the PDF is an attachment naming the booking, the guard, verification and the hours', async () => {
    const { client, guard, bookingId, reference, siteCode } = await scene();
    at(later(0));
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode });
    at(later(4 * HOUR));
    const res = await client.client.get(`/api/bookings/${bookingId}/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="shift-report-${reference}\\.pdf"`));
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { text } = await readPdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(reference);
    expect(text).toContain('Peter Otieno');
    expect(text).toContain('Verified at site');
  });
});
