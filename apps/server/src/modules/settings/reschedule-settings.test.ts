/** The reschedule policy in Settings (decision 030): saved within its bounds, audited, and in force from the next move on. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nairobiDate, nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import { RESCHEDULE_MESSAGES } from '@ops/shared/domain/reschedule-policy';
import type { AdminSettingsDto, PublicSettingsDto } from '@ops/shared/schemas/settings';
import type { RescheduleOptionsDto } from '@ops/shared/schemas/bookings';
import { auditEvents } from '../../db/schema/audit.ts';
import { settings } from '../../db/schema/settings.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { bookingRow, intaSendAgainst, paidBookingAhead } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

const HOUR_MS = 3_600_000;

let factory: TestDatabaseFactory;
let fake: FakeIntaSend;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  fake = await startFakeIntaSend();
  t = await createTestContext(factory, { payments: intaSendAgainst(fake, 1_000) });
  admin = await t.signedInDirectly('admin');
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

const BASE = {
  companyName: 'OPS Security',
  slogan: 'Select and Deploy the Best.',
  primaryColor: '#0F1E36',
  defaultBookingDurationHours: 8,
  maxAdvanceBookingDays: 30,
  platformCommissionPercent: 5,
  autoApproveGuards: false,
};
const current = async () => (await (await admin.client.get('/api/admin/settings')).json()) as AdminSettingsDto;
const settingsAudits = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'settings.update'));

async function save(policy: { rescheduleNoticeHours?: number; rescheduleMaxMoves?: number }) {
  const res = await admin.client.put('/api/admin/settings', { ...BASE, ...policy });
  expect(res.status).toBe(200);
}

/** The Nairobi date and time of an instant, as the dialog sends a new start. */
const slot = (instant: Date) => ({ date: nairobiDate(instant), startTime: nairobiTimeOfDay(instant) });
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR_MS);

/** A paid booking starting `hoursAhead` from now, its client, and its reschedule check and move. */
async function paidBooking(hoursAhead: number) {
  const paid = await paidBookingAhead(t, fake, hoursAhead);
  const start = (await bookingRow(t, paid.booking.id)).startTime;
  const path = `/api/bookings/${paid.booking.id}/reschedule`;
  return {
    id: paid.booking.id,
    start,
    options: async () => (await (await paid.client.client.get(path)).json()) as RescheduleOptionsDto,
    move: (to: Date) => paid.client.client.post(path, slot(to)),
  };
}
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('the reschedule policy in Settings', () => {
  it('starts from 24 hours and two moves, saves at once for clients, and records before and after', async () => {
    expect(await current()).toMatchObject({ rescheduleNoticeHours: 24, rescheduleMaxMoves: 2 });
    const defaults = (await (await t.client().get('/api/settings/public')).json()) as PublicSettingsDto;
    expect(defaults.reschedulePolicy).toEqual({ noticeHours: 24, maxMoves: 2 });

    await save({ rescheduleNoticeHours: 48, rescheduleMaxMoves: 1 });
    expect(await current()).toMatchObject({ rescheduleNoticeHours: 48, rescheduleMaxMoves: 1 });
    const pub = (await (await t.client().get('/api/settings/public')).json()) as PublicSettingsDto;
    expect(pub.reschedulePolicy).toEqual({ noticeHours: 48, maxMoves: 1 });

    const [audit] = await settingsAudits();
    expect(audit).toMatchObject({
      actorProfileId: admin.profileId,
      before: expect.objectContaining({ rescheduleNoticeHours: 24, rescheduleMaxMoves: 2 }),
      after: expect.objectContaining({ rescheduleNoticeHours: 48, rescheduleMaxMoves: 1 }),
    });

    // Left out, they stay as they are.
    await save({});
    expect(await current()).toMatchObject({ rescheduleNoticeHours: 48, rescheduleMaxMoves: 1 });
  });

  it('accepts the bounds themselves', async () => {
    for (const edge of [
      { rescheduleNoticeHours: 0, rescheduleMaxMoves: 0 },
      { rescheduleNoticeHours: 720, rescheduleMaxMoves: 10 },
    ]) {
      await save(edge);
      expect(await current()).toMatchObject(edge);
    }
  });

  it.each([
    ['rescheduleNoticeHours', -1, 'The reschedule notice must be between 0 and 720 hours.'],
    ['rescheduleNoticeHours', 721, 'The reschedule notice must be between 0 and 720 hours.'],
    ['rescheduleNoticeHours', 2.5, 'Enter the reschedule notice in whole hours.'],
    ['rescheduleNoticeHours', 'x', 'Enter the reschedule notice as a number.'],
    ['rescheduleMaxMoves', -1, 'Enter the moves per booking as a whole number from 0 to 10.'],
    ['rescheduleMaxMoves', 11, 'Enter the moves per booking as a whole number from 0 to 10.'],
    ['rescheduleMaxMoves', 2.5, 'Enter the moves per booking as a whole number from 0 to 10.'],
    ['rescheduleMaxMoves', 'x', 'Enter the moves per booking as a whole number from 0 to 10.'],
  ])('refuses %s of %j with a message on that field and writes nothing', async (field, value, message) => {
    const before = await current();
    const res = await admin.client.put('/api/admin/settings', { ...BASE, [field]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({ [field]: message });
    expect(await current()).toEqual(before);
    expect(await settingsAudits()).toEqual([]);
  });

  it('is bounded by the database too', async () => {
    for (const values of [{ rescheduleNoticeHours: 721 }, { rescheduleNoticeHours: -1 }, { rescheduleMaxMoves: 11 }, { rescheduleMaxMoves: -1 }]) {
      const refused: unknown = await t.database.db
        .update(settings)
        .set(values)
        .where(eq(settings.id, 1))
        .then(() => 'written')
        .catch((err: unknown) => err);
      expect(JSON.stringify((refused as { cause?: unknown }).cause ?? refused)).toContain('settings_reschedule_check');
    }
    expect(await current()).toMatchObject({ rescheduleNoticeHours: 24, rescheduleMaxMoves: 2 });
  });
});

describe('the next reschedule', () => {
  it('follows the saved notice: 48 hours refuses a booking 30 hours ahead in the new words, 12 hours lets it move', async () => {
    const booking = await paidBooking(30);
    expect(await booking.options()).toMatchObject({ refusal: null, noticeHours: 24, movesLeft: 2 });

    await save({ rescheduleNoticeHours: 48 });
    const tooLate = 'A booking can be moved up to 48 hours before its start. This one starts sooner: cancel it, or call the OPS office.';
    expect(RESCHEDULE_MESSAGES.tooLate({ noticeHours: 48 })).toBe(tooLate);
    expect(await booking.options()).toMatchObject({ refusal: tooLate, noticeHours: 48, movesLeft: 2 });
    const refused = await booking.move(later(booking.start, 24));
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(tooLate);
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: booking.start, rescheduleCount: 0 });

    await save({ rescheduleNoticeHours: 12 });
    expect(await booking.options()).toMatchObject({ refusal: null, noticeHours: 12 });
    const moved = await booking.move(later(booking.start, 24));
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ movesLeft: 1 });
  });

  it('follows the saved number of moves: one allows one, and 0 allows none', async () => {
    await save({ rescheduleMaxMoves: 1 });
    const booking = await paidBooking(72);
    expect(await booking.options()).toMatchObject({ refusal: null, movesLeft: 1 });
    const first = await booking.move(later(booking.start, 24));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ movesLeft: 0 });
    const second = await booking.move(later(booking.start, 48));
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe('This booking has been moved 1 time already, the most allowed. Cancel it, or call the OPS office.');

    await save({ rescheduleMaxMoves: 0 });
    const none = await paidBooking(72);
    expect(await none.options()).toMatchObject({ refusal: RESCHEDULE_MESSAGES.noMoves, movesLeft: 0 });
    const refused = await none.move(later(none.start, 24));
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(RESCHEDULE_MESSAGES.noMoves);
    expect(await bookingRow(t, none.id)).toMatchObject({ startTime: none.start, rescheduleCount: 0 });
  });
});
