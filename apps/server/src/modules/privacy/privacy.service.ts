/**
 * A person's rights over their own data under the Kenya Data Protection Act 2019: a copy of all
 * of it (access and portability), and deletion of the account (erasure), keeping only what the
 * accounts must keep, anonymised. docs/decisions/011-personal-data-export-and-account-deletion.md
 */
import { guardSeesClientDetails } from '@ops/shared/domain/permissions';
import { ACCOUNTING_RETENTION_YEARS, DELETED_EMAIL_DOMAIN, DELETED_USER_NAME, PRIVACY_CONTACT_EMAIL } from '@ops/shared/privacy';
import type { Database } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { cancel, lockBooking, type BookingRow } from '../bookings/booking-lifecycle.service.ts';
import { removeStoredBytes, storeKeyOf, type FileDeps } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  anonymiseAccount,
  anonymiseClientBookings,
  anonymiseEnrollments,
  ACCOUNT_DELETED_REASON,
  anonymisePayments,
  countOtherAdmins,
  findAccount,
  findAssessments,
  findAttendance,
  findAuditAbout,
  findBlockingBookings,
  findBookingsAsClient,
  findBookingsAsGuard,
  findCertificates,
  findConsents,
  findCredentialReminders,
  findEnrollments,
  findGuardProfile,
  findNotifications,
  findOwnFiles,
  findPasswordHash,
  findPayments,
  findPaymentsInFlight,
  findReviewsReceived,
  findReviewsWritten,
  findSessions,
  findSignInMethods,
  findUnpaidHolds,
  removeCredentialReminders,
  removeCredentials,
  removeGuardDocuments,
  removeGuardProfile,
  removeNotifications,
} from './privacy.repo.ts';

export const EXPORT_FORMAT = 'ops-security-personal-data';
export const EXPORT_VERSION = 1;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Rows<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

function booking(row: Rows<typeof findBookingsAsClient>[number] | Rows<typeof findBookingsAsGuard>[number]) {
  return {
    id: row.id,
    reference: row.reference,
    serviceType: row.serviceType,
    bookingType: row.bookingType,
    shiftType: row.shiftType,
    teamSize: row.teamSize,
    dressCode: row.dressCode,
    area: row.area,
    address: row.address,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    durationHours: row.durationHours,
    priceKes: row.price,
    status: row.status,
    paymentStatus: row.paymentStatus,
    cancelledReason: row.cancelledReason,
    confirmedAt: iso(row.confirmedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: iso(row.createdAt),
  };
}

/**
 * Everything the service holds about the signed-in person, in one JSON document. Other people
 * appear only as the person already sees them in the app (a guard's name on a client's booking, a
 * client's name on a guard's job, a reviewer's name as the guard's page shows it). Never included:
 * the password hash, session tokens, payment providers' raw answers and checkout signatures, file
 * storage keys, and who on the staff read the data (only that it was read, and when).
 */
export async function exportPersonalData(db: Database, me: CurrentUser, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, me.profileId);
    if (!account) throw AppError.notFound('Profile not found');
    const [
      signInMethods,
      sessionRows,
      consents,
      guard,
      files,
      asClient,
      asGuard,
      paid,
      written,
      received,
      notices,
      reminders,
      enrolments,
      attended,
      assessments,
      certs,
      audit,
    ] = await Promise.all([
      findSignInMethods(tx, account.userId),
      findSessions(tx, account.userId),
      findConsents(tx, account.userId),
      findGuardProfile(tx, me.profileId),
      findOwnFiles(tx, me.profileId),
      findBookingsAsClient(tx, me.profileId),
      findBookingsAsGuard(tx, me.profileId),
      findPayments(tx, me.profileId),
      findReviewsWritten(tx, me.profileId),
      findReviewsReceived(tx, me.profileId),
      findNotifications(tx, me.profileId),
      findCredentialReminders(tx, me.profileId),
      findEnrollments(tx, me.profileId),
      findAttendance(tx, me.profileId),
      findAssessments(tx, me.profileId),
      findCertificates(tx, me.profileId),
      findAuditAbout(tx, me.profileId),
    ]);

    const document = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      about:
        'Everything OPS Security holds about you. Other people appear only as the app already shows them to you. ' +
        `Questions, corrections or objections: ${PRIVACY_CONTACT_EMAIL}.`,
      account: {
        userId: account.userId,
        email: account.email,
        emailVerified: account.emailVerified,
        createdAt: iso(account.accountCreatedAt),
        updatedAt: iso(account.accountUpdatedAt),
        signInMethods: signInMethods.map((m) => ({
          method: m.method === 'credential' ? 'e-mail and password' : m.method,
          createdAt: iso(m.createdAt),
          updatedAt: iso(m.updatedAt),
        })),
        sessions: sessionRows.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), ipAddress: s.ipAddress, userAgent: s.userAgent })),
      },
      profile: {
        id: account.profileId,
        role: account.role,
        fullName: account.fullName,
        phone: account.phone,
        isCompany: account.isCompany,
        companyName: account.companyName,
        avatarUrl: account.avatarUrl,
        createdAt: iso(account.profileCreatedAt),
        updatedAt: iso(account.profileUpdatedAt),
      },
      consents: consents.map((c) => ({ privacyNoticeVersion: c.noticeVersion, acceptedAt: iso(c.acceptedAt) })),
      guardProfile: guard
        ? {
            ...guard,
            approvedAt: iso(guard.approvedAt),
            createdAt: iso(guard.createdAt),
            updatedAt: iso(guard.updatedAt),
          }
        : null,
      documents: files.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
      bookingsAsClient: asClient.map((row) => ({
        ...booking(row),
        notes: row.notes,
        guard: row.guardProfileId ? { profileId: row.guardProfileId, name: row.guardName } : null,
      })),
      bookingsAsGuard: asGuard.map((row) => {
        // As the guard's dashboard shows the job: the client and the exact place only once it is paid, and not after a cancellation.
        const seesClient = guardSeesClientDetails(row, true);
        return {
          ...booking(row),
          address: seesClient ? row.address : null,
          client: seesClient ? { name: row.clientName, companyName: row.clientIsCompany ? row.clientCompanyName : null } : null,
        };
      }),
      payments: paid.map((p) => ({
        ...p,
        paidAt: iso(p.paidAt),
        refundedAt: iso(p.refundedAt),
        createdAt: iso(p.createdAt),
      })),
      reviewsWritten: written.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      reviewsReceived: received.map((r) => ({
        id: r.id,
        bookingId: r.bookingId,
        rating: r.rating,
        comment: r.comment,
        createdAt: iso(r.createdAt),
        reviewerName: r.reviewerIsCompany && r.reviewerCompanyName ? r.reviewerCompanyName : r.reviewerName,
      })),
      notifications: notices.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
      credentialReminders: reminders.map((r) => ({ ...r, sentAt: iso(r.sentAt) })),
      academy: {
        enrolments: enrolments.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
        attendance: attended,
        assessments: assessments.map((a) => ({ ...a, submittedAt: iso(a.submittedAt), gradedAt: iso(a.gradedAt) })),
        certificates: certs.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
      },
      // What was done with this account's data: the person's own exports, and staff reads (when and
      // what, not which member of staff or from where).
      dataAccessLog: audit.map((a) => {
        const byYou = a.actorProfileId === me.profileId;
        return {
          action: a.action,
          recordType: a.recordType,
          recordId: a.recordId,
          at: iso(a.createdAt),
          by: byYou ? 'you' : 'OPS Security staff',
          ...(byYou ? { clientIp: a.clientIp } : {}),
        };
      }),
    };

    await recordAudit(tx, {
      actor,
      action: 'account.export',
      recordType: 'profile',
      recordId: me.profileId,
      subjectProfileId: me.profileId,
      at: now,
    });
    return document;
  });
}

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
      await cancel(tx, booking, ACCOUNT_DELETED_REASON, now);
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
    const notificationsRemoved = await removeNotifications(tx, me.profileId);
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
