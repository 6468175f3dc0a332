/**
 * The staffing tests' scene: an admin and a client, and paid bookings at one time three days ahead.
 * Bound to the test's context, which each test makes anew.
 */
import { eq } from 'drizzle-orm';
import { bookings } from '../db/schema/bookings.ts';
import { insertBooking } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

export const HOUR = 3_600_000;
/** Three days ahead, 06:00 UTC (09:00 in Nairobi), on the hour. */
export const START = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR + 6 * HOUR);

export const message = async (res: Response) => ((await res.json()) as { message: string }).message;

export function staffingFixtures(current: () => TestContext) {
  async function paidBooking(clientProfileId: string, fields: { teamSize?: number; startTime?: Date; guardProfileId?: string | null } = {}) {
    const t = current();
    const id = await insertBooking(t.database.db, {
      clientProfileId,
      guardProfileId: fields.guardProfileId ?? null,
      status: 'confirmed',
      startTime: fields.startTime ?? START,
    });
    if (fields.teamSize) await t.database.db.update(bookings).set({ teamSize: fields.teamSize }).where(eq(bookings.id, id));
    return id;
  }

  async function scene() {
    const t = current();
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client', { fullName: 'Amina Hassan' });
    return { admin, client };
  }

  return { paidBooking, scene };
}
