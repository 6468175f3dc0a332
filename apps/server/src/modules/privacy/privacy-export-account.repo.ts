/**
 * SQL for the export of a person's own data: who they are, how they sign in, what they uploaded and
 * what the trail says about them (docs/decisions/011-personal-data-export-and-account-deletion.md).
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { accounts, sessions, users } from '../../db/schema/auth.ts';
import { privacyConsents } from '../../db/schema/consents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';

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
