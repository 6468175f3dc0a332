/**
 * A person's right to erasure under the Kenya Data Protection Act 2019: deleting their account,
 * keeping only what the accounts must keep, anonymised.
 * docs/decisions/011-personal-data-export-and-account-deletion.md
 */
import { ACCOUNTING_RETENTION_YEARS, DELETED_EMAIL_DOMAIN, DELETED_USER_NAME } from '@ops/shared/privacy';
import type { CurrentUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { cancel, lockBooking, type BookingRow } from '../bookings/booking-lifecycle.service.ts';
import { removeStoredBytes, storeKeyOf, type FileDeps } from '../files/files.service.ts';
import { notify, removeNotificationsOf } from '../notifications/notifications.service.ts';
import {
  ACCOUNT_DELETED_REASON,
  anonymiseAccount,
  anonymiseClientBookings,
  anonymiseEnrollments,
  anonymisePayments,
  countOtherAdmins,
  findBlockingBookings,
  findPasswordHash,
  findPaymentsInFlight,
  findUnpaidHolds,
  removeCredentialReminders,
  removeCredentials,
  removeGuardDocuments,
  removeGuardProfile,
} from './privacy-deletion.repo.ts';

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Your account was not deleted.';
export const LAST_ADMIN_MESSAGE = 'You are the only administrator. Make someone else an administrator before deleting your account.';

function blockedMessage(blocking: { reference: string; status: string }[]): string {
  const confirmed = blocking.filter((b) => b.status === 'confirmed').map((b) => b.reference);
  if (confirmed.length > 0) {
    return (
      `Your account cannot be deleted while ${confirmed.length === 1 ? 'a confirmed booking has' : 'confirmed bookings have'} not ended ` +
      `(${confirmed.join(', ')}). Once ${confirmed.length === 1 ? 'it is' : 'they are'} completed or cancelled you can delete it.`
    );
  }
  return 'Your account cannot be deleted while a payment or refund is being processed. Please try again in a few minutes.';
}

export interface DeletionSummary {
  cancelledHolds: number;
  endedSessions: number;
  guardProfileRemoved: boolean;
  guardDocumentsRemoved: number;
  notificationsRemoved: number;
  bookingsAnonymised: number;
  paymentsAnonymised: number;
}

/**
 * Deletes the signed-in person's account, in one transaction: the password typed again confirms
 * it; a confirmed booking that has not ended, or money on its way, stops it (409, nothing done).
 * Personal data is removed or anonymised; what the accounts must keep (bookings' and payments'
 * references, amounts, dates and statuses) stays, tied to an account named 'Deleted user'.
 * Unpaid holds are released; the clients of a deleted guard's released holds are told. Every
 * session ends, and the old e-mail and password no longer sign in. A guard's document bytes leave
 * the file store once the deletion has committed.
 */
export async function deleteOwnAccount(
  deps: FileDeps,
  verifyPassword: (hash: string, password: string) => Promise<boolean>,
  me: CurrentUser,
  password: string,
  actor: AuditActor,
  now: Date,
): Promise<DeletionSummary> {
  const hash = await findPasswordHash(deps.db, me.userId);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw AppError.validation({ password: WRONG_PASSWORD_MESSAGE }, WRONG_PASSWORD_MESSAGE);
  }

  const { summary, documentKeys } = await deps.db.transaction(async (tx) => {
    if (me.role === 'admin' && (await countOtherAdmins(tx, me.profileId)) === 0) throw AppError.conflict(LAST_ADMIN_MESSAGE);
    const blocking = await findBlockingBookings(tx, me.profileId, now);
    const inFlight = await findPaymentsInFlight(tx, me.profileId);
    if (blocking.length > 0 || inFlight.length > 0) throw AppError.conflict(blockedMessage(blocking));

    const released: BookingRow[] = [];
    for (const { id } of await findUnpaidHolds(tx, me.profileId)) {
      const booking = await lockBooking(tx, id);
      // Still an unpaid hold once locked: a checkout that started meanwhile is not cut short.
      if (!booking || booking.status !== 'pending' || !(booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'failed')) continue;
      await cancel(tx, booking, ACCOUNT_DELETED_REASON, now, 'system');
      released.push(booking);
    }
    // A deleted guard's unpaid holds belong to other clients: they hear why their booking went.
    const othersReleased = released.filter((b) => b.clientProfileId !== me.profileId);
    for (const b of othersReleased) {
      await notify(
        tx,
        [b.clientProfileId],
        'booking',
        `Booking ${b.reference} was cancelled before payment: the guard is no longer available. Please choose another guard.`,
        '/guards',
      );
    }

    const endedSessions = await removeCredentials(tx, me.userId);
    const documents = await removeGuardDocuments(tx, me.profileId);
    await removeCredentialReminders(tx, me.profileId);
    const guardProfileRemoved = await removeGuardProfile(tx, me.profileId);
    const notificationsRemoved = await removeNotificationsOf(tx, me.profileId);
    const bookingsAnonymised = await anonymiseClientBookings(tx, me.profileId, now);
    const deletedEmail = `deleted-${me.userId}@${DELETED_EMAIL_DOMAIN}`;
    const paymentsAnonymised = await anonymisePayments(tx, me.profileId, deletedEmail, now);
    await anonymiseEnrollments(tx, me.profileId, now);
    await anonymiseAccount(
      tx,
      me.userId,
      me.profileId,
      { name: DELETED_USER_NAME, email: deletedEmail, role: me.role === 'guard' ? 'guard' : 'client' },
      now,
    );

    const summary: DeletionSummary = {
      cancelledHolds: released.length,
      endedSessions,
      guardProfileRemoved,
      guardDocumentsRemoved: documents.length,
      notificationsRemoved,
      bookingsAnonymised,
      paymentsAnonymised,
    };
    await recordAudit(tx, {
      actor,
      action: 'account.delete',
      recordType: 'profile',
      recordId: me.profileId,
      subjectProfileId: me.profileId,
      // The role it had; never the name, e-mail or phone that were just removed.
      before: { role: me.role },
      after: { ...summary, keptForYears: ACCOUNTING_RETENTION_YEARS },
      at: now,
    });
    return { summary, documentKeys: documents.map(storeKeyOf) };
  });
  await removeStoredBytes(deps, documentKeys);
  return summary;
}
