import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import {
  CERTIFICATE_TEXTS,
  type AdminCertificateDto,
  type CertificateBatchDto,
  type CertificateCandidateDto,
  type CertificateCandidatesDto,
} from '@ops/shared/schemas/certificates';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Database } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { certificateBatches, certificates } from '../../db/schema/certificates.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { saveStoredFile } from '../files/files.service.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { expiryDateOf } from './certificate-dto.ts';
import { listCandidates } from './certificate-eligibility.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
  await t.database.db.insert(courses).values({
    id: 'cpo',
    title: 'Certified Protection Officer',
    tagline: 'Tagline',
    description: 'Protecting people and property.',
    durationWeeks: 6,
    price: 45_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
    validityYears: 3,
  });
});
afterEach(() => t.close());

const db = (): Database => t.database.db;

async function insertCohort(values: Partial<typeof cohorts.$inferInsert> = {}): Promise<string> {
  const [row] = await db()
    .insert(cohorts)
    .values({ courseId: 'cpo', startDate: '2026-09-01', endDate: '2026-10-12', capacity: 30, enrolledCount: 0, status: 'completed', ...values })
    .returning({ id: cohorts.id });
  return row!.id;
}

interface StudentPlan {
  name: string;
  paid?: boolean;
  status?: (typeof enrollments.$inferInsert)['status'];
  /** Attendance statuses, one session a day. */
  attended?: ('present' | 'absent' | 'late' | 'excused')[];
  /** One submission each: true passed, false failed, null not graded. */
  submissions?: (boolean | null)[];
}

/** A student of the cohort with their payment, attendance and submissions as planned. */
async function student(cohortId: string, plan: StudentPlan) {
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
  const res = await admin.client.get(`/api/admin/training/cohorts/${cohortId}/certificate-candidates`);
  expect(res.status).toBe(200);
  return (await res.json()) as CertificateCandidatesDto;
};
const byName = (list: CertificateCandidatesDto, name: string) => list.candidates.find((c) => c.studentName === name) as CertificateCandidateDto;
const issue = (enrollmentId: string, overrideReason?: string) => admin.client.post('/api/admin/training/certificates', { enrollmentId, overrideReason });
const auditRows = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));
const certificateFiles = async () => {
  try {
    return await readdir(join(t.files.root, 'certificates'));
  } catch {
    return [];
  }
};

describe('who qualifies', () => {
  it('says in plain words why each student does not qualify, and counts exactly the threshold as enough', async () => {
    const cohortId = await insertCohort();
    await student(cohortId, { name: 'Unpaid Njeri', paid: false });
    await student(cohortId, { name: 'Low Otieno', attended: ['present', 'present', 'late', 'absent', 'absent'] });
    await student(cohortId, { name: 'Unrecorded Wanjiru', attended: [] });
    await student(cohortId, { name: 'Ungraded Kamau', submissions: [true, null] });
    await student(cohortId, { name: 'Failed Achieng', submissions: [false, true] });
    await student(cohortId, { name: 'Exact Mwangi', attended: ['present', 'present', 'late', 'present', 'absent', 'excused'], submissions: [true] });
    await student(cohortId, { name: 'Cancelled Chebet', status: 'cancelled' });

    const list = await candidatesOf(cohortId);
    expect(list).toMatchObject({ cohortId, courseName: 'Certified Protection Officer', thresholdPercent: 80, audited: false, latestBatch: null });
    expect(list.candidates.map((c) => c.studentName)).toEqual([
      'Exact Mwangi',
      'Failed Achieng',
      'Low Otieno',
      'Ungraded Kamau',
      'Unpaid Njeri',
      'Unrecorded Wanjiru',
    ]);
    expect(byName(list, 'Unpaid Njeri')).toMatchObject({ paid: false, attendancePercent: 100, qualifies: false, reasons: ['Not paid'] });
    expect(byName(list, 'Low Otieno')).toMatchObject({ attendancePercent: 60, qualifies: false, reasons: ['Attendance 60% (needs 80%)'] });
    expect(byName(list, 'Unrecorded Wanjiru')).toMatchObject({ attendancePercent: null, qualifies: false, reasons: ['No attendance recorded'] });
    expect(byName(list, 'Ungraded Kamau')).toMatchObject({
      submissions: { total: 2, passed: 1, failed: 0, ungraded: 1 },
      qualifies: false,
      reasons: ['1 submission not graded'],
    });
    expect(byName(list, 'Failed Achieng')).toMatchObject({
      submissions: { total: 2, passed: 1, failed: 1, ungraded: 0 },
      reasons: ['1 submission failed'],
    });
    expect(byName(list, 'Exact Mwangi')).toMatchObject({ paid: true, attendancePercent: 80, qualifies: true, reasons: [], certificate: null });

    const [read] = await auditRows('certificate.candidates');
    expect(read).toMatchObject({ actorProfileId: admin.profileId, recordType: 'cohort', recordId: cohortId });
  });

  it('answers 404 for an unknown cohort and refuses anyone but an admin', async () => {
    const cohortId = await insertCohort();
    expect((await admin.client.get(`/api/admin/training/cohorts/${crypto.randomUUID()}/certificate-candidates`)).status).toBe(404);
    for (const role of ['client', 'guard', 'partner'] as const) {
      const someone = await t.signedInDirectly(role);
      expect((await someone.client.get(`/api/admin/training/cohorts/${cohortId}/certificate-candidates`)).status).toBe(403);
    }
  });
});

describe('issuing one certificate', () => {
  it('stores the PDF, tells the student, e-mails it, and answers the same certificate when asked again', async () => {
    const auditedAt = new Date('2026-10-05T09:00:00Z');
    const cohortId = await insertCohort({ audited: true, auditedAt });
    const amina = await student(cohortId, { name: 'Amina Wanjiku', submissions: [true] });

    const res = await issue(amina.enrollmentId);
    expect(res.status).toBe(201);
    const cert = (await res.json()) as AdminCertificateDto;
    const today = nairobiDate(new Date());
    expect(cert).toMatchObject({
      enrollmentId: amina.enrollmentId,
      studentName: 'Amina Wanjiku',
      courseName: 'Certified Protection Officer',
      issueDate: today,
      expiresOn: expiryDateOf(today, 3),
      cobranded: true,
      state: 'valid',
      revokedAt: null,
      overrideReason: null,
      verifyPath: `/cert/verify/${encodeURIComponent(cert.certificateRef)}`,
    });
    const [row] = await db().select().from(certificates).where(eq(certificates.id, cert.id));
    expect(row).toMatchObject({ profileId: amina.profileId, issuedBy: admin.profileId, auditedAt });
    expect(row!.credentialJwt?.split('.')).toHaveLength(3);

    const pdf = await admin.client.get(`/api/admin/training/certificates/${cert.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await certificateFiles()).toHaveLength(1);

    const bell = await db().select().from(notifications).where(eq(notifications.profileId, amina.profileId));
    expect(bell.map((n) => n.message)).toEqual(['Your certificate for Certified Protection Officer is ready']);
    await t.runJobs('send-certificate-email');
    const mail = t.mailer.messages.find((m) => m.to === amina.email);
    expect(mail?.subject).toBe('Your certificate: Certified Protection Officer');
    expect(mail?.text).toContain(`/cert/verify/${encodeURIComponent(cert.certificateRef)}`);
    expect(mail?.attachments?.[0]).toMatchObject({ filename: `certificate-${cert.certificateRef}.pdf`, contentType: 'application/pdf' });
    expect(String(mail?.attachments?.[0]?.content.slice(0, 5))).toBe('%PDF-');

    const again = await issue(amina.enrollmentId);
    expect(again.status).toBe(200);
    expect(((await again.json()) as AdminCertificateDto).id).toBe(cert.id);
    expect(await db().select().from(certificates)).toHaveLength(1);
    expect(await auditRows('certificate.issue')).toHaveLength(1);

    const listed = (await (await admin.client.get('/api/admin/training/certificates')).json()) as AdminCertificateDto[];
    expect(listed.map((c) => c.id)).toEqual([cert.id]);
  });

  it('keeps the PDF from anyone but an admin on the console route', async () => {
    const cohortId = await insertCohort();
    const amina = await student(cohortId, { name: 'Amina Wanjiku' });
    const cert = (await (await issue(amina.enrollmentId)).json()) as AdminCertificateDto;
    for (const role of ['client', 'guard', 'partner'] as const) {
      const someone = await t.signedInDirectly(role);
      expect((await someone.client.get(`/api/admin/training/certificates/${cert.id}/pdf`)).status).toBe(403);
      expect((await someone.client.post('/api/admin/training/certificates', { enrollmentId: amina.enrollmentId })).status).toBe(403);
    }
    expect((await amina.client.get(`/api/admin/training/certificates/${cert.id}/pdf`)).status).toBe(403);
    expect((await admin.client.get(`/api/admin/training/certificates/${crypto.randomUUID()}/pdf`)).status).toBe(404);
  });

  it('lets the student download their own certificate and nobody else but an admin', async () => {
    const cohortId = await insertCohort();
    const amina = await student(cohortId, { name: 'Amina Wanjiku' });
    const cert = (await (await issue(amina.enrollmentId)).json()) as AdminCertificateDto;
    const own = await amina.client.get(`/api/student/certificates/${cert.id}/pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const admins = await admin.client.get(`/api/admin/training/certificates/${cert.id}/pdf`);
    expect(Buffer.from(await own.arrayBuffer())).toEqual(Buffer.from(await admins.arrayBuffer()));
    const other = await student(cohortId, { name: 'Another Student' });
    expect((await other.client.get(`/api/student/certificates/${cert.id}/pdf`)).status).toBe(404);
    for (const role of ['guard', 'partner'] as const) {
      const someone = await t.signedInDirectly(role);
      expect((await someone.client.get(`/api/student/certificates/${cert.id}/pdf`)).status).toBe(404);
    }
  });

  it('refuses a student who does not qualify unless a reason is given, and the audit trail keeps the reason', async () => {
    const cohortId = await insertCohort();
    const otieno = await student(cohortId, { name: 'Otieno', attended: ['present', 'absent'] });

    const refused = await issue(otieno.enrollmentId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiErrorBody).message).toBe(CERTIFICATE_TEXTS.doesNotQualify);
    const short = await issue(otieno.enrollmentId, 'sick');
    expect(short.status).toBe(400);
    expect(((await short.json()) as ApiErrorBody).fields?.overrideReason).toBe('Give a reason of at least 10 characters');
    expect(await db().select().from(certificates)).toEqual([]);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.bucket, 'certificates'))).toEqual([]);

    const reason = 'Missed two sessions in hospital; caught up with the instructor.';
    const res = await issue(otieno.enrollmentId, reason);
    expect(res.status).toBe(201);
    expect((await res.json()) as AdminCertificateDto).toMatchObject({ overrideReason: reason, cobranded: false });
    const [audit] = await auditRows('certificate.issue');
    expect(audit).toMatchObject({ actorProfileId: admin.profileId, subjectProfileId: otieno.profileId });
    expect(audit!.after).toMatchObject({ overrideReason: reason, reasons: ['Attendance 50% (needs 80%)'] });
  });

  it('issues only to an enrolment holding a seat', async () => {
    const cohortId = await insertCohort();
    const gone = await student(cohortId, { name: 'Chebet', status: 'cancelled' });
    expect((await issue(crypto.randomUUID())).status).toBe(404);
    expect((await issue(gone.enrollmentId, 'She finished the course elsewhere.')).status).toBe(409);
    expect(await db().select().from(certificates)).toEqual([]);
  });

  it('gives twenty simultaneous requests for one enrolment exactly one certificate, and keeps no stray file', async () => {
    const cohortId = await insertCohort();
    const amina = await student(cohortId, { name: 'Amina' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => issue(amina.enrollmentId)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as AdminCertificateDto).id)));
    expect(ids.size).toBe(1);
    expect(await db().select().from(certificates)).toHaveLength(1);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.bucket, 'certificates'))).toHaveLength(1);
    expect(await certificateFiles()).toHaveLength(1);
    expect(await auditRows('certificate.issue')).toHaveLength(1);
  });
});

describe('generating for a cohort', () => {
  it('issues every qualifying student in a background run, counting as it goes', async () => {
    const cohortId = await insertCohort();
    const a = await student(cohortId, { name: 'A Student' });
    await student(cohortId, { name: 'B Student', submissions: [true] });
    await student(cohortId, { name: 'C Student', attended: ['absent'] });
    const held = await student(cohortId, { name: 'D Student' });
    expect((await issue(held.enrollmentId)).status).toBe(201);

    const res = await admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`);
    expect(res.status).toBe(202);
    const batch = (await res.json()) as CertificateBatchDto;
    expect(batch).toMatchObject({ cohortId, status: 'queued', total: 2, issued: 0, skipped: 0, failed: 0, finishedAt: null });
    // Asked again while it waits: the same run.
    const twice = (await (await admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`)).json()) as CertificateBatchDto;
    expect(twice.id).toBe(batch.id);
    expect(await db().select().from(certificateBatches)).toHaveLength(1);

    // Someone issues one by hand before the run starts: the run counts it as skipped.
    expect((await issue(a.enrollmentId)).status).toBe(201);
    await t.runJobs('certificate-batch');
    const done = (await (await admin.client.get(`/api/admin/training/certificate-batches/${batch.id}`)).json()) as CertificateBatchDto;
    expect(done).toMatchObject({ status: 'done', total: 2, issued: 1, skipped: 1, failed: 0 });
    expect(done.finishedAt).not.toBeNull();

    const list = await candidatesOf(cohortId);
    expect(list.candidates.map((c) => [c.studentName, c.certificate?.state ?? null])).toEqual([
      ['A Student', 'valid'],
      ['B Student', 'valid'],
      ['C Student', null],
      ['D Student', 'valid'],
    ]);
    expect(list.latestBatch?.id).toBe(batch.id);
    expect(await auditRows('certificate.batch')).toHaveLength(1);

    // Run again (as after a crash): nothing is issued twice.
    await db().update(certificateBatches).set({ status: 'running' }).where(eq(certificateBatches.id, batch.id));
    await t.deps.jobs.enqueue('certificate-batch', { batchId: batch.id });
    await t.runJobs('certificate-batch');
    expect(await db().select().from(certificates)).toHaveLength(3);
    const rerun = (await (await admin.client.get(`/api/admin/training/certificate-batches/${batch.id}`)).json()) as CertificateBatchDto;
    expect(rerun).toMatchObject({ status: 'done', issued: 1, skipped: 1, failed: 0 });

    expect((await admin.client.get(`/api/admin/training/certificate-batches/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.client.post(`/api/admin/training/cohorts/${crypto.randomUUID()}/certificate-batches`)).status).toBe(404);
  });
});

describe('generating for a cohort where nobody is left to issue', () => {
  const start = (cohortId: string) => admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`);

  it('says so, and starts no run', async () => {
    const empty = await insertCohort();
    const cohortId = await insertCohort();
    await student(cohortId, { name: 'C Student', attended: ['absent'] });
    await student(cohortId, { name: 'E Student', paid: false });
    for (const id of [empty, cohortId]) {
      const res = await start(id);
      expect(res.status).toBe(409);
      expect(((await res.json()) as ApiErrorBody).message).toBe('No one in this cohort qualifies yet.');
    }

    // Everyone who qualifies already holds a certificate.
    const held = await student(cohortId, { name: 'D Student' });
    expect((await issue(held.enrollmentId)).status).toBe(201);
    const res = await start(cohortId);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).message).toBe('Everyone in this cohort who qualifies already has a certificate.');

    expect(await db().select().from(certificateBatches)).toHaveLength(0);
    expect(await auditRows('certificate.batch')).toHaveLength(0);
    expect(await t.runJobs('certificate-batch')).toEqual([]);
  });
});

describe('revoking', () => {
  it('revokes once with a reason, tells the student, and refuses a second time', async () => {
    const cohortId = await insertCohort();
    const amina = await student(cohortId, { name: 'Amina' });
    const cert = (await (await issue(amina.enrollmentId)).json()) as AdminCertificateDto;

    expect((await admin.client.post(`/api/admin/training/certificates/${cert.id}/revoke`, { reason: 'no' })).status).toBe(400);
    const res = await admin.client.post(`/api/admin/training/certificates/${cert.id}/revoke`, { reason: 'Attendance sheets were forged' });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminCertificateDto).toMatchObject({ state: 'revoked', revokedReason: 'Attendance sheets were forged' });
    const second = await admin.client.post(`/api/admin/training/certificates/${cert.id}/revoke`, { reason: 'Attendance sheets were forged' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ApiErrorBody).message).toBe(CERTIFICATE_TEXTS.alreadyRevoked);

    const [row] = await db().select().from(certificates).where(eq(certificates.id, cert.id));
    expect(row).toMatchObject({ revokedBy: admin.profileId, revokedReason: 'Attendance sheets were forged' });
    expect(await auditRows('certificate.revoke')).toHaveLength(1);
    const bell = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, amina.profileId)));
    expect(bell.map((n) => n.message)).toContain('Your certificate for Certified Protection Officer was revoked: Attendance sheets were forged.');
    expect((await admin.client.post(`/api/admin/training/certificates/${crypto.randomUUID()}/revoke`, { reason: 'Forged papers' })).status).toBe(404);
    const partner = await t.signedInDirectly('partner');
    expect((await partner.client.post(`/api/admin/training/certificates/${cert.id}/revoke`, { reason: 'Forged papers' })).status).toBe(403);
  });
});

describe('the attendance threshold', () => {
  const VALID = {
    companyName: 'OPS Security',
    slogan: 'Select and Deploy the Best.',
    primaryColor: '#0F1E36',
    defaultBookingDurationHours: 8,
    maxAdvanceBookingDays: 30,
    platformCommissionPercent: 5,
    autoApproveGuards: false,
  };

  it('is saved in Settings and decides who qualifies; a bad value is refused and nothing is written', async () => {
    const cohortId = await insertCohort();
    await student(cohortId, { name: 'Otieno', attended: ['present', 'present', 'present', 'absent', 'absent'] });
    expect(byName(await candidatesOf(cohortId), 'Otieno').qualifies).toBe(false);
    expect(((await (await admin.client.get('/api/admin/settings')).json()) as AdminSettingsDto).certificateAttendancePercent).toBe(80);

    for (const bad of [101, -1, 60.5, '60']) {
      const res = await admin.client.put('/api/admin/settings', { ...VALID, certificateAttendancePercent: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).fields).toEqual({ certificateAttendancePercent: 'Enter a whole number from 0 to 100' });
    }
    expect(await auditRows('settings.update')).toEqual([]);
    expect(((await (await admin.client.get('/api/admin/settings')).json()) as AdminSettingsDto).certificateAttendancePercent).toBe(80);

    const saved = await admin.client.put('/api/admin/settings', { ...VALID, certificateAttendancePercent: 60 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as AdminSettingsDto).certificateAttendancePercent).toBe(60);
    const list = await candidatesOf(cohortId);
    expect(list.thresholdPercent).toBe(60);
    expect(byName(list, 'Otieno')).toMatchObject({ attendancePercent: 60, qualifies: true, reasons: [] });

    // Saving the other settings without it leaves it as it is.
    await admin.client.put('/api/admin/settings', VALID);
    expect(((await (await admin.client.get('/api/admin/settings')).json()) as AdminSettingsDto).certificateAttendancePercent).toBe(60);
  });
});

describe('expiry', () => {
  it('lasts the course validity less a day, and for good without one', () => {
    expect(expiryDateOf('2026-11-26', 3)).toBe('2029-11-25');
    expect(expiryDateOf('2028-02-29', 2)).toBe('2030-02-28');
    expect(expiryDateOf('2026-01-01', 1)).toBe('2026-12-31');
    expect(expiryDateOf('2026-11-26', null)).toBeNull();
  });
});

describe('the demo academy', () => {
  it('has a student who finished Basic Security, qualifies and has no certificate yet', async () => {
    const demo = await factory.create();
    try {
      expect(await seedDemoData(demo.db)).toBe(true);
      const [cohort] = await demo.db
        .select({ id: cohorts.id })
        .from(cohorts)
        .where(and(eq(cohorts.courseId, 'basic-security'), eq(cohorts.status, 'completed')));
      const list = await listCandidates(demo.db, cohort!.id, new Date());
      expect(list.audited).toBe(true);
      // The student qualifies and waits for hers; the demo guard's is issued after start-up (demo-certificates.ts).
      expect(list.candidates).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'student@example.co.ke', paid: true, attendancePercent: 83, qualifies: true, reasons: [], certificate: null }),
          expect.objectContaining({ email: 'guard3@example.co.ke', paid: true, attendancePercent: 100, qualifies: true, certificate: null }),
        ]),
      );
      expect(list.candidates).toHaveLength(2);
    } finally {
      await demo.close();
    }
  });
});
