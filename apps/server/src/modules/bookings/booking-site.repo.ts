import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';

/** Where the client pinned the site, or no pin; not a status. */
export async function writeSitePin(db: Executor, bookingId: string, pin: { latitude: number; longitude: number } | null, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ siteLatitude: pin?.latitude ?? null, siteLongitude: pin?.longitude ?? null, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

/** The booking's site as its client and the console see it. */
export async function findSite(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      clientProfileId: bookings.clientProfileId,
      siteCode: bookings.siteCode,
      siteLatitude: bookings.siteLatitude,
      siteLongitude: bookings.siteLongitude,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}
