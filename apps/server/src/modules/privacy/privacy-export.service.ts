/**
 * A person's right of access and portability under the Kenya Data Protection Act 2019: a copy of
 * all their data in one document. docs/decisions/011-personal-data-export-and-account-deletion.md
 */
import { guardSeesClientDetails } from '@ops/shared/domain/permissions';
import { PRIVACY_CONTACT_EMAIL } from '@ops/shared/privacy';
import type { Database } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notificationsOf } from '../notifications/notifications.service.ts';
import {
  findAccount,
  findAuditAbout,
  findConsents,
  findCredentialReminders,
  findGuardProfile,
  findOwnFiles,
  findSessions,
  findSignInMethods,
} from './privacy-export-account.repo.ts';
import { findAssessments, findAttendance, findCertificates, findEnrollments } from './privacy-export-academy.repo.ts';
import { findBookingsAsClient, findBookingsAsGuard, findPayments, findReviewsReceived, findReviewsWritten } from './privacy-export-activity.repo.ts';

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
      notificationsOf(tx, me.profileId),
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
