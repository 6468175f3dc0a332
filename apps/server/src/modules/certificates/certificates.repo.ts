/** SQL for the certificates themselves: reading them with their course, issuing, revoking, and whom one is mailed to. */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { certificates } from '../../db/schema/certificates.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';

export const CERTIFICATES_BUCKET = 'certificates';

function selectCertificates(db: Executor) {
  return db
    .select({
      id: certificates.id,
      enrollmentId: certificates.enrollmentId,
      profileId: certificates.profileId,
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseId: enrollments.courseId,
      courseName: certificates.courseName,
      courseDescription: courses.description,
      validityYears: courses.validityYears,
      cohortId: enrollments.cohortId,
      issueDate: certificates.issueDate,
      expiresOn: certificates.expiresOn,
      cobranded: certificates.cobranded,
      auditedAt: certificates.auditedAt,
      fileId: certificates.fileId,
      credentialJwt: certificates.credentialJwt,
      issuedBy: certificates.issuedBy,
      overrideReason: certificates.overrideReason,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      revokedBy: certificates.revokedBy,
      createdAt: certificates.createdAt,
    })
    .from(certificates)
    .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId));
}
export type CertificateRecord = Awaited<ReturnType<typeof selectCertificates>>[number];

/** A certificate by its printed reference (exact, already normalised), with what verification needs. */
export async function findCertificateByRef(db: Executor, ref: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.certificateRef, ref));
  return row;
}

export async function findCertificateById(db: Executor, id: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.id, id));
  return row;
}

export async function findCertificateByEnrollment(db: Executor, enrollmentId: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.enrollmentId, enrollmentId));
  return row;
}

/** A student's own certificates, newest first. */
export function findCertificatesOfProfile(db: Executor, profileId: string): Promise<CertificateRecord[]> {
  return selectCertificates(db).where(eq(certificates.profileId, profileId)).orderBy(desc(certificates.issueDate), desc(certificates.createdAt));
}

/** Every certificate, newest first (the console's list). */
export function findAllCertificates(db: Executor): Promise<CertificateRecord[]> {
  return selectCertificates(db).orderBy(desc(certificates.createdAt), desc(certificates.id)).limit(1000);
}

/** The certificates of some enrolments (the cohort's Certificates tab). */
export function findCertificatesOfEnrollments(db: Executor, enrollmentIds: string[]): Promise<CertificateRecord[]> {
  if (enrollmentIds.length === 0) return Promise.resolve([]);
  return selectCertificates(db).where(inArray(certificates.enrollmentId, enrollmentIds));
}

export type NewCertificate = typeof certificates.$inferInsert;

/** Inserts unless the enrolment already has one; undefined when it lost to another. */
export async function insertCertificateIfNone(db: Executor, row: NewCertificate): Promise<string | undefined> {
  const [inserted] = await db
    .insert(certificates)
    .values(row)
    .onConflictDoNothing({ target: certificates.enrollmentId })
    .returning({ id: certificates.id });
  return inserted?.id;
}

/** Marks a certificate revoked unless it already is; false when it already was. */
export async function markRevoked(db: Executor, id: string, reason: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(certificates)
    .set({ revokedAt: at, revokedReason: reason, revokedBy: by })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** Whom the certificate's e-mail goes to. */
export async function findCertificateRecipient(db: Executor, certificateId: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseName: certificates.courseName,
      fileId: certificates.fileId,
      revokedAt: certificates.revokedAt,
      email: users.email,
    })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(certificates.id, certificateId));
  return row;
}
