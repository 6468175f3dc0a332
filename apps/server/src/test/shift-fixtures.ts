/**
 * The shift tests' scene: a client, a guard with a phone and a confirmed (paid) booking of theirs
 * at a fixed Nairobi time, and the app's clock set where the test says. Bound to the test's context.
 */
import { eq } from 'drizzle-orm';
import { bookings } from '../db/schema/bookings.ts';
import { insertBooking } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** 08:00 in Nairobi, a fixed day. */
export const SHIFT_START = new Date('2026-12-01T08:00:00+03:00');

export function shiftFixtures(current: () => TestContext) {
  const at = (instant: Date) => {
    current().deps.clock = () => instant;
  };

  async function scene(options: { start?: Date; hours?: number; bookingType?: 'hourly' | 'daily' | 'monthly'; status?: 'confirmed' | 'pending' } = {}) {
    const t = current();
    const client = await t.signedInDirectly('client', { fullName: 'Amina Hassan', phone: '254711000001' });
    const guard = await t.signedInDirectly('guard', { fullName: 'Peter Otieno', phone: '254722000002' });
    const bookingId = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      guardProfileId: guard.profileId,
      status: options.status ?? 'confirmed',
      startTime: options.start ?? SHIFT_START,
      durationHours: options.hours ?? 8,
    });
    if (options.bookingType) await t.database.db.update(bookings).set({ bookingType: options.bookingType }).where(eq(bookings.id, bookingId));
    const [row] = await t.database.db
      .select({ siteCode: bookings.siteCode, reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return { client, guard, bookingId, siteCode: row!.siteCode, reference: row!.reference };
  }

  return { at, scene };
}
