/**
 * Demo data for a first start: the README's accounts, guards, bookings in every status, payments,
 * reviews, notifications and the academy. Loaded only into a database without any profile, in one
 * transaction, with every date relative to `now`.
 */
import type { Database, Executor } from '../client.ts';
import { profiles } from '../schema/profiles.ts';
import { insertAcademy } from './demo-academy.ts';
import { insertBookings } from './demo-bookings.ts';
import { insertNotifications } from './demo-notifications.ts';
import { hashDemoPasswords, insertPeople } from './demo-people.ts';

async function hasProfiles(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).limit(1);
  return rows.length > 0;
}

/** Returns true when it loaded the demo data, false when the database already had people in it. */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  if (await hasProfiles(db)) return false;
  const hashes = await hashDemoPasswords();
  return db.transaction(async (tx) => {
    // Someone may have signed up while the passwords were being hashed.
    if (await hasProfiles(tx)) return false;
    const people = await insertPeople(tx, hashes, now);
    await insertBookings(tx, people, now);
    await insertAcademy(tx, people, now);
    await insertNotifications(tx, people, now);
    return true;
  });
}
