/** Issued certificates written straight to the database (with a stored PDF and a signed credential), for tests that read them. */
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { certificateVerifyPagePath } from '@ops/shared/schemas/certificates';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { certificates } from '../db/schema/certificates.ts';
import { TEST_APP_URL, type TestContext } from './test-app.ts';
import { saveStoredFile } from '../modules/files/files.service.ts';
import { newCertificateRef } from '../modules/certificates/certificate-ref.ts';
import { CERTIFICATES_BUCKET } from '../modules/certificates/certificates.service.ts';
import { signCredential } from '../modules/certificates/credential.ts';

export const today = () => nairobiDate(new Date());
export const daysFromToday = (days: number) => addDaysToDate(today(), days);

export const certificatePdf = (ref: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% Certificate ${ref}\n%%EOF\n`);

/** The course, once per database. */
export async function ensureCourse(t: TestContext, id = 'cpo', title = 'Certified Protection Officer') {
  await t.database.db
    .insert(courses)
    .values({
      id,
      title,
      tagline: 'Tagline',
      description: 'Protecting people and property.',
      durationWeeks: 6,
      price: 45_000,
      level: 'Advanced',
      accreditation: 'EBSSA',
      category: 'Security',
      maxStudents: 15,
      validityYears: 3,
    })
    .onConflictDoNothing();
}

export interface IssuedFixture {
  profileId: string;
  courseId?: string;
  courseName?: string;
  studentName?: string;
  issueDate?: string;
  expiresOn?: string | null;
  /** The cohort's audit time: the certificate is co-branded. */
  auditedAt?: Date | null;
  revoked?: { at: Date; reason: string };
  createdAt?: Date;
}

/** A certificate as issuing leaves it: an enrolment, the PDF in the file store, the signed credential. */
export async function insertIssuedCertificate(t: TestContext, fixture: IssuedFixture): Promise<{ id: string; certificateRef: string }> {
  const db = t.database.db;
  const courseId = fixture.courseId ?? 'cpo';
  const courseName = fixture.courseName ?? 'Certified Protection Officer';
  await ensureCourse(t, courseId, courseName);
  const [cohort] = await db
    .insert(cohorts)
    .values({ courseId, startDate: '2026-01-05', endDate: '2026-02-13', capacity: 30, enrolledCount: 1, status: 'completed' })
    .returning({ id: cohorts.id });
  const [enrollment] = await db
    .insert(enrollments)
    .values({
      profileId: fixture.profileId,
      courseId,
      cohortId: cohort!.id,
      coursePrice: 45_000,
      paymentMethod: 'intasend',
      status: 'completed',
      paymentStatus: 'paid',
    })
    .returning({ id: enrollments.id });
  const certificateRef = newCertificateRef();
  const studentName = fixture.studentName ?? 'Amina Wanjiru';
  const issueDate = fixture.issueDate ?? daysFromToday(-30);
  const expiresOn = fixture.expiresOn === undefined ? daysFromToday(3 * 365) : fixture.expiresOn;
  const auditedAt = fixture.auditedAt ?? null;
  const credentialJwt = await signCredential(TEST_APP_URL, 'OPS Security Academy', t.deps.credentialKey, {
    certificateRef,
    studentName,
    courseId,
    courseName,
    courseDescription: 'Protecting people and property.',
    issueDate,
    expiresOn,
    verifyUrl: `${TEST_APP_URL}${certificateVerifyPagePath(certificateRef)}`,
    cobrand: auditedAt ? { body: 'EBSSA', auditedAt: nairobiDate(auditedAt) } : null,
  });
  const pdf = certificatePdf(certificateRef);
  const { linked: id } = await saveStoredFile(
    t.deps,
    {
      bucket: CERTIFICATES_BUCKET,
      ownerProfileId: fixture.profileId,
      courseId,
      originalName: `certificate-${certificateRef}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: pdf.byteLength,
    },
    pdf,
    async (tx, file) => {
      const [row] = await tx
        .insert(certificates)
        .values({
          enrollmentId: enrollment!.id,
          profileId: fixture.profileId,
          certificateRef,
          studentName,
          courseName,
          issueDate,
          expiresOn,
          cobranded: auditedAt !== null,
          auditedAt,
          fileId: file.id,
          credentialJwt,
          revokedAt: fixture.revoked?.at ?? null,
          revokedReason: fixture.revoked?.reason ?? null,
          ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
        })
        .returning({ id: certificates.id });
      return row!.id;
    },
  );
  return { id, certificateRef };
}
