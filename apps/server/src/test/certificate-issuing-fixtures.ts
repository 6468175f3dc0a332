/**
 * The certificate issuing tests' scene: a cohort of the course, its students with their payment,
 * attendance and graded submissions as planned, and the console's calls and reads an admin makes
 * about them. Bound to the test's context and its signed-in admin, which each test makes anew.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CertificateCandidateDto, CertificateCandidatesDto } from '@ops/shared/schemas/certificates';
import type { Database } from '../db/client.ts';
import { cohorts } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../db/schema/academy-training.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { saveStoredFile } from '../modules/files/files.service.ts';
import type { TestContext } from './test-app.ts';
import type { TestClient } from './test-client.ts';

export interface StudentPlan {
  name: string;
  paid?: boolean;
  status?: (typeof enrollments.$inferInsert)['status'];
  /** Attendance statuses, one session a day. */
  attended?: ('present' | 'absent' | 'late' | 'excused')[];
  /** One submission each: true passed, false failed, null not graded. */
  submissions?: (boolean | null)[];
}

export const byName = (list: CertificateCandidatesDto, name: string) => list.candidates.find((c) => c.studentName === name) as CertificateCandidateDto;

export function certificateIssuingFixtures(current: () => TestContext, adminClient: () => TestClient) {
  const db = (): Database => current().database.db;

  async function insertCohort(values: Partial<typeof cohorts.$inferInsert> = {}): Promise<string> {
    const [row] = await db()
      .insert(cohorts)
      .values({ courseId: 'cpo', startDate: '2026-09-01', endDate: '2026-10-12', capacity: 30, enrolledCount: 0, status: 'completed', ...values })
      .returning({ id: cohorts.id });
    return row!.id;
  }

  /** A student of the cohort with their payment, attendance and submissions as planned. */
  async function student(cohortId: string, plan: StudentPlan) {
    const t = current();
    const person = await t.signedInDirectly('client', { fullName: plan.name });
    const paid = plan.paid ?? true;
    const [row] = await db()
      .insert(enrollments)
      .values({
        profileId: person.profileId,
        courseId: 'cpo',
        cohortId,
        coursePrice: 45_000,
        paymentMethod: paid ? 'intasend' : 'cash',
        status: plan.status ?? (paid ? 'completed' : 'pending_cash'),
        paymentStatus: paid ? 'paid' : 'pending_cash',
      })
      .returning({ id: enrollments.id });
    const enrollmentId = row!.id;
    const attended = plan.attended ?? ['present', 'present', 'present', 'present', 'present'];
    if (attended.length > 0) {
      await db()
        .insert(attendance)
        .values(
          attended.map((status, i) => ({
            enrollmentId,
            profileId: person.profileId,
            courseId: 'cpo',
            sessionDate: `2026-09-${String(i + 1).padStart(2, '0')}`,
            status,
          })),
        );
    }
    for (const [i, passed] of (plan.submissions ?? []).entries()) {
      const bytes = Buffer.from(`%PDF-1.4\nassignment ${i}\n%%EOF\n`);
      const { row: file } = await saveStoredFile(
        t.deps,
        {
          bucket: 'student-assessments',
          ownerProfileId: person.profileId,
          courseId: 'cpo',
          originalName: 'a.pdf',
          contentType: 'application/pdf',
          sizeBytes: bytes.length,
        },
        bytes,
        () => Promise.resolve(null),
      );
      await db()
        .insert(studentAssessments)
        .values({
          enrollmentId,
          profileId: person.profileId,
          courseId: 'cpo',
          assessmentTitle: `Assignment ${i + 1}`,
          assessmentType: 'assignment',
          fileId: file.id,
          fileName: 'a.pdf',
          ...(passed === null ? {} : { status: 'graded' as const, grade: passed ? 'A' : 'F', passed }),
        });
    }
    return { ...person, enrollmentId };
  }

  const candidatesOf = async (cohortId: string) => {
    const res = await adminClient().get(`/api/admin/training/cohorts/${cohortId}/certificate-candidates`);
    expect(res.status).toBe(200);
    return (await res.json()) as CertificateCandidatesDto;
  };
  const issue = (enrollmentId: string, overrideReason?: string) =>
    adminClient().post('/api/admin/training/certificates', { enrollmentId, overrideReason });
  const auditRows = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));
  const certificateFiles = async () => {
    try {
      return await readdir(join(current().files.root, 'certificates'));
    } catch {
      return [];
    }
  };

  return { db, insertCohort, student, candidatesOf, issue, auditRows, certificateFiles };
}
