/**
 * SQL for a person's own data: everything the export reads, and what deleting an account removes,
 * anonymises or keeps (docs/decisions/011-personal-data-export-and-account-deletion.md).
 */
import { and, asc, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { attendance, certificates, cohorts, courses, enrollments, studentAssessments } from '../../db/schema/academy.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { privacyConsents } from '../../db/schema/consents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- split on its own branch
import { notificationColumns } from '../notifications/notifications.repo.ts';

const otherProfile = alias(profiles, 'other_profile');

// ---------------------------------------------------------------------------------------------
// Export

export async function findAccount(db: Executor, profileId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      accountCreatedAt: users.createdAt,
      accountUpdatedAt: users.updatedAt,
      profileId: profiles.id,
      role: profiles.role,
      fullName: profiles.fullName,
      phone: profiles.phone,
      isCompany: profiles.isCompany,
      companyName: profiles.companyName,
      avatarUrl: profiles.avatarUrl,
      profileCreatedAt: profiles.createdAt,
      profileUpdatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId));
  return row ?? null;
}

/** How the person signs in: the method and when it was set up, never the password hash. */
export function findSignInMethods(db: Executor, userId: string) {
  return db
    .select({ method: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
}

/** Sessions as the person may see them (when, from where, which browser), never their tokens. */
export function findSessions(db: Executor, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function findConsents(db: Executor, userId: string) {
  return db
    .select({ noticeVersion: privacyConsents.noticeVersion, acceptedAt: privacyConsents.acceptedAt })
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId))
    .orderBy(asc(privacyConsents.acceptedAt));
}

export async function findGuardProfile(db: Executor, profileId: string) {
  const [row] = await db
    .select({
      status: guards.status,
      approved: guards.approved,
      rejectionReason: guards.rejectionReason,
      specialization: guards.specialization,
      experienceYears: guards.experienceYears,
      availability: guards.availability,
      highRiskCertified: guards.highRiskCertified,
      bio: guards.bio,
      skills: guards.skills,
      rateHourly: guards.rateHourly,
      rateDaily: guards.rateDaily,
      averageRating: guards.averageRating,
      reviewCount: guards.reviewCount,
      cvFileId: guards.cvFileId,
      psraLicenceNumber: guards.psraLicenceNumber,
      psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
      psraLicenceFileId: guards.psraLicenceFileId,
      policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
      policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
      policeClearanceFileId: guards.policeClearanceFileId,
      certificateFileIds: guards.certificateFileIds,
      documentsVerified: guards.documentsVerified,
      reportedToOffice: guards.reportedToOffice,
      passedAlcoholTest: guards.passedAlcoholTest,
      signedContract: guards.signedContract,
      fitForDuty: guards.fitForDuty,
      onboardingComplete: guards.onboardingComplete,
      approvedAt: guards.approvedAt,
      createdAt: guards.createdAt,
      updatedAt: guards.updatedAt,
    })
    .from(guards)
    .where(eq(guards.profileId, profileId));
  return row ?? null;
}

/** Files the person uploaded or that were made for them: what they are, not where they are stored. */
export function findOwnFiles(db: Executor, profileId: string) {
  return db
    .select({
      id: storedFiles.id,
      bucket: storedFiles.bucket,
      name: storedFiles.originalName,
      contentType: storedFiles.contentType,
      sizeBytes: storedFiles.sizeBytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.ownerProfileId, profileId))
    .orderBy(asc(storedFiles.createdAt));
}

const bookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  serviceType: bookings.serviceType,
  bookingType: bookings.bookingType,
  shiftType: bookings.shiftType,
  teamSize: bookings.teamSize,
  dressCode: bookings.dressCode,
  area: bookings.area,
  address: bookings.address,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  durationHours: bookings.durationHours,
  price: bookings.price,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  cancelledReason: bookings.cancelledReason,
  confirmedAt: bookings.confirmedAt,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  createdAt: bookings.createdAt,
};

/** The person's bookings as a client, with the guard as the booking pages show them. */
export function findBookingsAsClient(db: Executor, profileId: string) {
  return db
    .select({ ...bookingColumns, notes: bookings.notes, guardProfileId: bookings.guardProfileId, guardName: otherProfile.fullName })
    .from(bookings)
    .leftJoin(otherProfile, eq(otherProfile.id, bookings.guardProfileId))
    .where(eq(bookings.clientProfileId, profileId))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/**
 * The jobs assigned to a guard, with the client only as the guard's dashboard shows them (name or
 * company name): never the client's phone, e-mail, notes or commission.
 */
export function findBookingsAsGuard(db: Executor, profileId: string) {
  return db
    .select({
      ...bookingColumns,
      clientName: otherProfile.fullName,
      clientIsCompany: otherProfile.isCompany,
      clientCompanyName: otherProfile.companyName,
    })
    .from(bookings)
    .innerJoin(otherProfile, eq(otherProfile.id, bookings.clientProfileId))
    .where(eq(bookings.guardProfileId, profileId))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/** Money the person paid (or tried to): never the provider's raw answers or checkout signature. */
export function findPayments(db: Executor, profileId: string) {
  return db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      bookingReference: bookings.reference,
      enrollmentId: payments.enrollmentId,
      provider: payments.provider,
      method: payments.method,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      providerReference: payments.providerRef,
      phone: payments.phone,
      failureReason: payments.failureReason,
      paidAt: payments.paidAt,
      receivedAmount: payments.receivedAmount,
      refundedAmount: payments.refundedAmount,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.payerProfileId, profileId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export function findReviewsWritten(db: Executor, profileId: string) {
  return db
    .select({
      id: reviews.id,
      bookingId: reviews.bookingId,
      guardProfileId: reviews.guardProfileId,
      guardName: otherProfile.fullName,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(otherProfile, eq(otherProfile.id, reviews.guardProfileId))
    .where(eq(reviews.clientProfileId, profileId))
    .orderBy(asc(reviews.createdAt));
}

/** Reviews of a guard, with the reviewer named as the guard's public page names them. */
export function findReviewsReceived(db: Executor, profileId: string) {
  return db
    .select({
      id: reviews.id,
      bookingId: reviews.bookingId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      reviewerName: otherProfile.fullName,
      reviewerIsCompany: otherProfile.isCompany,
      reviewerCompanyName: otherProfile.companyName,
    })
    .from(reviews)
    .innerJoin(otherProfile, eq(otherProfile.id, reviews.clientProfileId))
    .where(eq(reviews.guardProfileId, profileId))
    .orderBy(asc(reviews.createdAt));
}

/** The credential-expiry reminders the guard was sent: which credential, its expiry, how many days before, when. */
export function findCredentialReminders(db: Executor, profileId: string) {
  return db
    .select({
      credential: credentialReminders.credential,
      expiresOn: credentialReminders.expiresOn,
      daysBefore: credentialReminders.daysBefore,
      sentAt: credentialReminders.sentAt,
    })
    .from(credentialReminders)
    .where(eq(credentialReminders.guardProfileId, profileId))
    .orderBy(asc(credentialReminders.sentAt));
}

export function findNotifications(db: Executor, profileId: string) {
  return db.select(notificationColumns).from(notifications).where(eq(notifications.profileId, profileId)).orderBy(asc(notifications.createdAt));
}

export function findEnrollments(db: Executor, profileId: string) {
  return db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      cohortStartDate: cohorts.startDate,
      cohortEndDate: cohorts.endDate,
      coursePrice: enrollments.coursePrice,
      paymentMethod: enrollments.paymentMethod,
      phoneNumber: enrollments.phoneNumber,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      paymentDeadline: enrollments.paymentDeadline,
      notes: enrollments.notes,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .where(eq(enrollments.profileId, profileId))
    .orderBy(asc(enrollments.createdAt));
}

export function findAttendance(db: Executor, profileId: string) {
  return db
    .select({
      enrollmentId: attendance.enrollmentId,
      courseId: attendance.courseId,
      sessionDate: attendance.sessionDate,
      sessionTitle: attendance.sessionTitle,
      status: attendance.status,
    })
    .from(attendance)
    .where(eq(attendance.profileId, profileId))
    .orderBy(asc(attendance.sessionDate));
}

export function findAssessments(db: Executor, profileId: string) {
  return db
    .select({
      id: studentAssessments.id,
      enrollmentId: studentAssessments.enrollmentId,
      courseId: studentAssessments.courseId,
      title: studentAssessments.assessmentTitle,
      type: studentAssessments.assessmentType,
      fileName: studentAssessments.fileName,
      status: studentAssessments.status,
      submittedAt: studentAssessments.submittedAt,
      grade: studentAssessments.grade,
      feedback: studentAssessments.feedback,
      gradedAt: studentAssessments.gradedAt,
    })
    .from(studentAssessments)
    .where(eq(studentAssessments.profileId, profileId))
    .orderBy(asc(studentAssessments.submittedAt));
}

export function findCertificates(db: Executor, profileId: string) {
  return db
    .select({
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseName: certificates.courseName,
      issueDate: certificates.issueDate,
      cobranded: certificates.cobranded,
      createdAt: certificates.createdAt,
    })
    .from(certificates)
    .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .where(eq(enrollments.profileId, profileId))
    .orderBy(asc(certificates.createdAt));
}

/** The trail's rows about this person: what they did themselves, and what staff read of theirs. */
export function findAuditAbout(db: Executor, profileId: string) {
  return db
    .select({
      action: auditEvents.action,
      recordType: auditEvents.recordType,
      recordId: auditEvents.recordId,
      actorProfileId: auditEvents.actorProfileId,
      clientIp: auditEvents.clientIp,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(eq(auditEvents.subjectProfileId, profileId))
    .orderBy(asc(auditEvents.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Deletion

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

export async function removeNotifications(db: Executor, profileId: string): Promise<number> {
  const removed = await db.delete(notifications).where(eq(notifications.profileId, profileId)).returning({ id: notifications.id });
  return removed.length;
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
