/**
 * The privacy tests' rows: a client with a history to export or erase, and reads of what erasure
 * left behind. Bound to the test's context, which each test makes anew.
 */
import { eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema/audit.ts';
import { users } from '../db/schema/auth.ts';
import { bookings } from '../db/schema/bookings.ts';
import { notifications } from '../db/schema/notifications.ts';
import { payments } from '../db/schema/payments.ts';
import { profiles } from '../db/schema/profiles.ts';
import { insertBooking, insertGuard, insertPayment, insertReview } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

export const DAY = 24 * 3600 * 1000;

export function privacyFixtures(current: () => TestContext) {
  async function profileRow(profileId: string) {
    const t = current();
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
    return row!;
  }

  async function userOf(profileId: string) {
    const t = current();
    const { userId } = await profileRow(profileId);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return user!;
  }

  async function auditRows(action: string) {
    const t = current();
    return t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  }

  async function notify(profileId: string, message: string) {
    const t = current();
    await t.database.db.insert(notifications).values({ profileId, type: 'system', message });
  }

  /** A client with a paid past booking of a guard, a review of it, a notification, and a pending hold. */
  async function clientWithHistory() {
    const t = current();
    const amina = await t.signedIn('client', { fullName: 'Amina Otieno', phone: '254711000111' });
    const guardId = await insertGuard(t.database.db, { fullName: 'James Mwangi', phone: '254722000222' });
    const past = await insertBooking(t.database.db, { clientProfileId: amina.profileId, guardProfileId: guardId, status: 'completed', price: 9600 });
    await t.database.db.update(bookings).set({ address: 'James Gichuru Road, Lavington', notes: 'Gate code 4411' }).where(eq(bookings.id, past));
    await insertPayment(t.database.db, { bookingId: past, payerProfileId: amina.profileId, amount: 9600, status: 'paid' });
    await t.database.db
      .update(payments)
      .set({ phone: '254711000111', providerPayload: { customer: { email: amina.email } } })
      .where(eq(payments.bookingId, past));
    await insertReview(t.database.db, {
      bookingId: past,
      guardProfileId: guardId,
      clientProfileId: amina.profileId,
      rating: 5,
      comment: 'Punctual and discreet.',
    });
    await notify(amina.profileId, 'Your booking is confirmed');
    const hold = await insertBooking(t.database.db, {
      clientProfileId: amina.profileId,
      guardProfileId: guardId,
      status: 'pending',
      startTime: new Date(Date.now() + 3 * DAY),
    });
    return { ...amina, guardId, past, hold };
  }

  return { profileRow, userOf, auditRows, notify, clientWithHistory };
}
