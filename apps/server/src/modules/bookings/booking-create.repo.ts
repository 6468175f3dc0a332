import type { GuardCredentialFacts } from '@ops/shared/domain/guard-credentials';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { settings } from '../../db/schema/settings.ts';
import { notificationInsert, type NewNotification } from '../notifications/notifications.service.ts';

export interface BookingContext {
  maxAdvanceBookingDays: number;
  /** The guard asked for, null when there is no such guard (or none was asked for). */
  guard:
    | ({
        approved: boolean;
        onboardingComplete: boolean;
        fitForDuty: boolean;
        availability: boolean;
        rateHourly: number | null;
        rateDaily: number | null;
      } & GuardCredentialFacts)
    | null;
}

/**
 * What pricing a booking needs from the database, in one round trip: the advance-booking limit
 * from the settings row and the requested guard's rates and standing (approval, onboarding,
 * availability and PSRA licence and police clearance, read together so they are checked as of one
 * moment).
 */
export async function findBookingContext(db: Database, guardProfileId: string | null): Promise<BookingContext> {
  const statement = preparedOnce(db, 'booking_context', (name) =>
    db
      .select({
        maxAdvanceBookingDays: settings.maxAdvanceBookingDays,
        approved: guards.approved,
        onboardingComplete: guards.onboardingComplete,
        fitForDuty: guards.fitForDuty,
        availability: guards.availability,
        rateHourly: guards.rateHourly,
        rateDaily: guards.rateDaily,
        psraLicenceNumber: guards.psraLicenceNumber,
        psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
        policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
        policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
      })
      .from(settings)
      .leftJoin(guards, eq(guards.profileId, sql.placeholder('guardProfileId')))
      .where(eq(settings.id, 1))
      .prepare(name),
  );
  const [row] = await statement.execute({ guardProfileId });
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  const { maxAdvanceBookingDays, approved, onboardingComplete, fitForDuty, availability, ...guard } = row;
  // Left-joined: the flags are null exactly when there is no such guard.
  if (approved === null || onboardingComplete === null || fitForDuty === null || availability === null) return { maxAdvanceBookingDays, guard: null };
  return { maxAdvanceBookingDays, guard: { approved, onboardingComplete, fitForDuty, availability, ...guard } };
}

export type NewBooking = typeof bookings.$inferInsert;

/**
 * Stores the booking and the client's notice of it in one statement (a data-modifying WITH): both
 * are written or neither, at the cost of one round trip.
 */
export async function insertBooking(db: Executor, values: NewBooking, notice: NewNotification) {
  const told = db.$with('client_notice').as(notificationInsert(db, notice));
  const [row] = await db.with(told).insert(bookings).values(values).returning();
  if (!row) throw new Error('The booking was not stored');
  return row;
}
