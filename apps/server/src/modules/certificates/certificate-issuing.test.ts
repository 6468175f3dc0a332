/** Issuing one certificate from the console (stored, told, mailed, once), its expiry, and revoking it. */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXTS, type AdminCertificateDto } from '@ops/shared/schemas/certificates';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { certificates } from '../../db/schema/certificates.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { ensureCourse } from '../../test/certificate-fixtures.ts';
import { certificateIssuingFixtures } from '../../test/certificate-issuing-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { expiryDateOf } from './certificate-dto.ts';

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
  await ensureCourse(t);
});
afterEach(() => t.close());

const { db, insertCohort, student, issue, auditRows, certificateFiles } = certificateIssuingFixtures(
  () => t,
  () => admin.client,
);

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

describe('expiry', () => {
  it('lasts the course validity less a day, and for good without one', () => {
    expect(expiryDateOf('2026-11-26', 3)).toBe('2029-11-25');
    expect(expiryDateOf('2028-02-29', 2)).toBe('2030-02-28');
    expect(expiryDateOf('2026-01-01', 1)).toBe('2026-12-31');
    expect(expiryDateOf('2026-11-26', null)).toBeNull();
  });
});
