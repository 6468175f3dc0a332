/**
 * SQL for deleting a person's account: what stops it, and what it removes, anonymises or keeps
 * (docs/decisions/011-personal-data-export-and-account-deletion.md).
 */
import { and, asc, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

/**
 * What stops a deletion now: a confirmed booking that has not ended (the guard still has to work
 * it, or the client has paid for it), or a booking whose payment is on its way. Locks the rows,
 * so nothing confirms them meanwhile.
 */
export function findBlockingBookings(db: Executor, profileId: string, now: Date) {
  return db
    .select({ reference: bookings.reference, status: bookings.status, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.clientProfileId, profileId), eq(bookings.guardProfileId, profileId)),
        or(and(eq(bookings.status, 'confirmed'), gt(bookings.endTime, now)), and(eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'pending'))),
      ),
    )
    .orderBy(asc(bookings.startTime))
    .for('update');
}

/** The person's payments the provider has not settled yet (paid, refunded or failed). */
export function findPaymentsInFlight(db: Executor, profileId: string) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.payerProfileId, profileId), inArray(payments.status, ['pending', 'processing', 'refund_pending'])))
    .for('update');
}

export const ACCOUNT_DELETED_REASON = 'The account was deleted';

/**
 * The person's unpaid holds (as client, or on them as guard): pending bookings nobody has started
 * paying for. Deletion cancels them through the bookings lifecycle, which frees the slot.
 */
export function findUnpaidHolds(db: Executor, profileId: string) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.clientProfileId, profileId), eq(bookings.guardProfileId, profileId)),
        eq(bookings.status, 'pending'),
        inArray(bookings.paymentStatus, ['unpaid', 'failed']),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/** Ends every session at once and removes the password: the old credentials no longer sign in. */
export async function removeCredentials(db: Executor, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await db.delete(accounts).where(eq(accounts.userId, userId));
  // Password reset tokens name the user in their value.
  await db.delete(verifications).where(eq(verifications.value, userId));
  return ended.length;
}

/**
 * The account keeps its ids (bookings, payments and reviews point at them) and loses who it was:
 * name, e-mail (a unique address that cannot receive mail), phone, company, photo. A staff role
 * (admin, partner) goes too, so the deleted account holds no powers and gets no staff notices.
 */
export async function anonymiseAccount(
  db: Executor,
  userId: string,
  profileId: string,
  values: { name: string; email: string; role: 'client' | 'guard' },
  now: Date,
) {
  await db.update(users).set({ name: values.name, email: values.email, emailVerified: false, image: null, updatedAt: now }).where(eq(users.id, userId));
  await db
    .update(profiles)
    .set({ fullName: values.name, role: values.role, phone: null, isCompany: false, companyName: null, avatarUrl: null, updatedAt: now })
    .where(eq(profiles.id, profileId));
}

/**
 * The guard's professional profile goes: bio, skills, rates, credentials and onboarding answers.
 * Without it the guard is in no list and cannot be booked (the list counts follow by trigger).
 * Reviews of them stay, under the anonymised name.
 */
export async function removeGuardProfile(db: Executor, profileId: string): Promise<boolean> {
  const removed = await db.delete(guards).where(eq(guards.profileId, profileId)).returning({ id: guards.id });
  return removed.length > 0;
}

/**
 * Guard credentials (licence, clearance, CV, certificates): their records go with the profile.
 * Returns where their bytes are, for removal once the deletion commits.
 */
export function removeGuardDocuments(db: Executor, profileId: string) {
  return db
    .delete(storedFiles)
    .where(and(eq(storedFiles.ownerProfileId, profileId), eq(storedFiles.bucket, 'guard-documents')))
    .returning({ bucket: storedFiles.bucket, key: storedFiles.key });
}

/** The record of which credential-expiry reminders the guard was sent goes with the profile. */
export async function removeCredentialReminders(db: Executor, profileId: string): Promise<void> {
  await db.delete(credentialReminders).where(eq(credentialReminders.guardProfileId, profileId));
}

/**
 * The person's bookings as a client keep what the accounts need (reference, service, dates,
 * area, price, statuses) and lose the address and notes they wrote.
 */
export async function anonymiseClientBookings(db: Executor, profileId: string, now: Date): Promise<number> {
  const rows = await db
    .update(bookings)
    .set({ address: null, notes: null, updatedAt: now })
    .where(and(eq(bookings.clientProfileId, profileId), or(sql`${bookings.address} is not null`, sql`${bookings.notes} is not null`)))
    .returning({ id: bookings.id });
  return rows.length;
}

/**
 * Payment records stay for the accounts (amount, method, status, dates, provider references); the
 * paying phone number and the provider's raw answers (which name the payer) go.
 */
export async function anonymisePayments(db: Executor, profileId: string, deletedEmail: string, now: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ phone: null, providerPayload: null, checkoutUrl: null, updatedAt: now })
    .where(eq(payments.payerProfileId, profileId))
    .returning({ id: payments.id, apiRef: payments.apiRef });
  if (rows.length > 0) {
    await db
      .update(paymentEvents)
      .set({ payload: { removed: ACCOUNT_DELETED_REASON } })
      .where(
        inArray(
          paymentEvents.paymentId,
          rows.map((r) => r.id),
        ),
      );
    // The built-in sandbox stands in for the provider in this same database: its ledger forgets too.
    await db
      .update(sandboxPayments)
      .set({ email: deletedEmail, phone: null, payerDetail: null })
      .where(
        inArray(
          sandboxPayments.apiRef,
          rows.map((r) => r.apiRef),
        ),
      );
  }
  return rows.length;
}

/** Training records stay (the regulator may ask for them); the phone number and notes go. */
export async function anonymiseEnrollments(db: Executor, profileId: string, now: Date): Promise<void> {
  await db
    .update(enrollments)
    .set({ phoneNumber: null, notes: null, updatedAt: now })
    .where(and(eq(enrollments.profileId, profileId), or(sql`${enrollments.phoneNumber} is not null`, sql`${enrollments.notes} is not null`)));
}

/** Admins other than this one (a deleted admin is no longer one: deletion takes the role away). */
export async function countOtherAdmins(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin'), ne(profiles.id, profileId)));
  return row?.n ?? 0;
}
