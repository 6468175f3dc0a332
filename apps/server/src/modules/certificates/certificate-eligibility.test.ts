/** Who qualifies for a certificate: the reasons shown for each student, the attendance threshold in Settings, and the demo academy's. */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { ensureCourse } from '../../test/certificate-fixtures.ts';
import { byName, certificateIssuingFixtures } from '../../test/certificate-issuing-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
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
  await ensureCourse(t);
});
afterEach(() => t.close());

const { insertCohort, student, candidatesOf, auditRows } = certificateIssuingFixtures(
  () => t,
  () => admin.client,
);

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
