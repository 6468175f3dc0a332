import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { attendance } from '../../db/schema/academy-training.ts';
import { certificates } from '../../db/schema/certificates.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';

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
  await insertTrainingCourses(t.database.db);
});
afterEach(() => t.close());

const { insertCohort, insertEnrollment, student, auditRows } = trainingScene(() => t);

describe('attendance', () => {
  // The default cohort runs from 1 March to 12 April 2027; it is 10 March in Nairobi.
  beforeEach(() => {
    t.deps.clock = () => new Date('2027-03-10T09:00:00+03:00');
  });
  const OUTSIDE = 'Choose a day of this cohort, from Mar 01, 2027 to Apr 12, 2027.';
  const notYet = (day: string) => `${day} has not come yet: attendance is recorded on the day or after it.`;
  const REASON_REQUIRED = 'Certificates of this cohort have been issued: give the reason for changing its attendance.';

  it('lists the seat holders, saves a day as one row per student however often it is saved, and gives each rate', async () => {
    const cohortId = await insertCohort({ enrolledCount: 2 });
    const amina = await insertEnrollment(cohortId, (await student('Amina')).profileId);
    const brian = await insertEnrollment(cohortId, (await student('Brian')).profileId, { status: 'approved' });
    await insertEnrollment(cohortId, (await student('Chege')).profileId, { status: 'rejected' });

    const sheetUrl = (day: string) => `/api/admin/training/attendance?cohortId=${cohortId}&sessionDate=${day}`;
    const first = (await (await admin.client.get(sheetUrl('2027-03-01'))).json()) as AttendanceSheet;
    expect(first.students.map((s) => [s.studentName, s.status])).toEqual([
      ['Amina', null],
      ['Brian', null],
    ]);

    const save = (day: string, a: string, b: string) =>
      admin.client.put('/api/admin/training/attendance', {
        cohortId,
        sessionDate: day,
        records: [
          { enrollmentId: amina, status: a },
          { enrollmentId: brian, status: b },
        ],
      });
    expect((await save('2027-03-01', 'absent', 'present')).status).toBe(200);
    const again = await save('2027-03-01', 'late', 'present');
    const sheet = (await again.json()) as AttendanceSheet;
    expect(sheet.students.map((s) => s.status)).toEqual(['late', 'present']);
    expect(await t.database.db.select().from(attendance).where(eq(attendance.enrollmentId, amina))).toHaveLength(1);

    await save('2027-03-02', 'absent', 'excused');
    await save('2027-03-03', 'present', 'absent');
    const rates = (await (await admin.client.get(sheetUrl('2027-03-03'))).json()) as AttendanceSheet;
    expect(rates.students.map((s) => s.rate)).toEqual([
      { attended: 2, counted: 3, rate: 67 },
      { attended: 1, counted: 2, rate: 50 },
    ]);
    expect(await auditRows('attendance.record')).toHaveLength(4);
  });

  it('refuses marks for someone without a seat in the cohort and saves nothing', async () => {
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const amina = await insertEnrollment(cohortId, (await student('Amina')).profileId);
    const rejected = await insertEnrollment(cohortId, (await student('Chege')).profileId, { status: 'rejected' });
    const res = await admin.client.put('/api/admin/training/attendance', {
      cohortId,
      sessionDate: '2027-03-01',
      records: [
        { enrollmentId: amina, status: 'present' },
        { enrollmentId: rejected, status: 'present' },
      ],
    });
    expect(res.status).toBe(409);
    expect(await t.database.db.select().from(attendance)).toHaveLength(0);
    expect((await admin.client.put('/api/admin/training/attendance', { cohortId, sessionDate: '2027-02-30', records: [] })).status).toBe(400);
  });

  it('refuses a day outside the cohort or still to come, on the field, and writes nothing', async () => {
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const amina = await insertEnrollment(cohortId, (await student('Amina')).profileId);
    const save = (sessionDate: string) =>
      admin.client.put('/api/admin/training/attendance', { cohortId, sessionDate, records: [{ enrollmentId: amina, status: 'absent' }] });
    const refusals: [string, string][] = [
      ['2027-02-28', OUTSIDE],
      ['2027-04-13', OUTSIDE],
      ['2027-06-01', OUTSIDE],
      ['2026-12-07', OUTSIDE],
      ['2027-03-11', notYet('Mar 11, 2027')],
      ['2027-04-12', notYet('Apr 12, 2027')],
    ];
    for (const [day, message] of refusals) {
      const res = await save(day);
      expect(res.status, day).toBe(400);
      expect(((await res.json()) as ApiErrorBody).fields?.sessionDate, day).toBe(message);
    }
    expect(await t.database.db.select().from(attendance)).toHaveLength(0);
    expect(await auditRows('attendance.record')).toHaveLength(0);

    // The sheet of such a day says so before anything is marked; the cohort's days so far are offered.
    const sheetOf = async (day: string) =>
      (await (await admin.client.get(`/api/admin/training/attendance?cohortId=${cohortId}&sessionDate=${day}`)).json()) as AttendanceSheet;
    expect(await sheetOf('2027-06-01')).toMatchObject({ dayProblem: OUTSIDE, days: { first: '2027-03-01', last: '2027-03-10' } });
    expect((await sheetOf('2027-03-10')).dayProblem).toBeNull();

    // Today and the first day are days of the cohort.
    expect((await save('2027-03-10')).status).toBe(200);
    expect((await save('2027-03-01')).status).toBe(200);
    expect(await t.database.db.select().from(attendance)).toHaveLength(2);
  });

  it('refuses every day of a cohort that has not started', async () => {
    const cohortId = await insertCohort({ startDate: '2027-05-03', endDate: '2027-06-14', enrolledCount: 1 });
    const amina = await insertEnrollment(cohortId, (await student('Amina')).profileId);
    const res = await admin.client.put('/api/admin/training/attendance', {
      cohortId,
      sessionDate: '2027-05-03',
      records: [{ enrollmentId: amina, status: 'present' }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).fields?.sessionDate).toBe(notYet('May 03, 2027'));
    const sheet = (await (await admin.client.get(`/api/admin/training/attendance?cohortId=${cohortId}&sessionDate=2027-05-03`)).json()) as AttendanceSheet;
    expect(sheet.days).toBeNull();
    expect(await t.database.db.select().from(attendance)).toHaveLength(0);
  });

  it('keeps every mark inside its cohort’s days in the database too', async () => {
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const amina = await student('Amina');
    const enrollmentId = await insertEnrollment(cohortId, amina.profileId);
    const mark = (sessionDate: string) =>
      t.database.db.insert(attendance).values({ enrollmentId, profileId: amina.profileId, courseId: 'cpo', sessionDate, status: 'present' });
    await expect(mark('2027-06-01')).rejects.toThrow();
    await expect(mark('2027-02-28')).rejects.toThrow();
    await mark('2027-03-01');
    await expect(t.database.db.update(attendance).set({ sessionDate: '2027-04-13' }).where(eq(attendance.enrollmentId, enrollmentId))).rejects.toThrow();
    expect((await t.database.db.select().from(attendance)).map((r) => r.sessionDate)).toEqual(['2027-03-01']);
  });

  it('marks the whole cohort present in one save (“Mark all present”), one row each, one audit row', async () => {
    const cohortId = await insertCohort({ enrolledCount: 3 });
    const seats = [
      await insertEnrollment(cohortId, (await student('Amina')).profileId),
      await insertEnrollment(cohortId, (await student('Brian')).profileId),
      await insertEnrollment(cohortId, (await student('Chege')).profileId),
    ];
    const res = await admin.client.put('/api/admin/training/attendance', {
      cohortId,
      sessionDate: '2027-03-09',
      records: seats.map((enrollmentId) => ({ enrollmentId, status: 'present' })),
    });
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as AttendanceSheet;
    expect(sheet.students.map((s) => [s.studentName, s.status, s.rate.rate])).toEqual([
      ['Amina', 'present', 100],
      ['Brian', 'present', 100],
      ['Chege', 'present', 100],
    ]);
    expect(await t.database.db.select().from(attendance)).toHaveLength(3);
    expect(await auditRows('attendance.record')).toHaveLength(1);
  });

  it('changes the attendance of a cohort with issued certificates only with a written reason, kept in the audit trail', async () => {
    const cohortId = await insertCohort({ enrolledCount: 2 });
    const aminaPerson = await student('Amina');
    const amina = await insertEnrollment(cohortId, aminaPerson.profileId);
    const brian = await insertEnrollment(cohortId, (await student('Brian')).profileId);
    const save = (body: Record<string, unknown>) =>
      admin.client.put('/api/admin/training/attendance', {
        cohortId,
        sessionDate: '2027-03-02',
        records: [
          { enrollmentId: amina, status: 'present' },
          { enrollmentId: brian, status: 'absent' },
        ],
        ...body,
      });
    // Before any certificate, no reason is asked.
    expect((await save({})).status).toBe(200);
    const sheetUrl = `/api/admin/training/attendance?cohortId=${cohortId}&sessionDate=2027-03-02`;
    expect(((await (await admin.client.get(sheetUrl)).json()) as AttendanceSheet).certificatesIssued).toBe(0);

    await t.database.db.insert(certificates).values({
      enrollmentId: amina,
      profileId: aminaPerson.profileId,
      certificateRef: 'OPS-2027-ABC123',
      studentName: 'Amina',
      courseName: 'Certified Protection Officer',
      issueDate: '2027-03-09',
    });
    expect(((await (await admin.client.get(sheetUrl)).json()) as AttendanceSheet).certificatesIssued).toBe(1);
    const before = await t.database.db.select().from(attendance);
    for (const reason of [undefined, '', '   ']) {
      const res = await save({ reason, records: [{ enrollmentId: brian, status: 'present' }] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).fields?.reason).toBe(REASON_REQUIRED);
    }
    const tooLong = await save({ reason: 'x'.repeat(501), records: [{ enrollmentId: brian, status: 'present' }] });
    expect(((await tooLong.json()) as ApiErrorBody).fields?.reason).toBe('The reason must be at most 500 characters');
    expect((await save({ reason: 42 })).status).toBe(400);
    expect(await t.database.db.select().from(attendance)).toEqual(before);
    expect(await auditRows('attendance.record')).toHaveLength(1);

    const reason = 'Brian signed the paper register; the first entry was a mistake.';
    const res = await save({ reason, records: [{ enrollmentId: brian, status: 'present' }] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AttendanceSheet).students.map((s) => s.status)).toEqual(['present', 'present']);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'attendance.record'), eq(auditEvents.recordId, cohortId)));
    const last = audits.find((a) => (a.after as { reason?: string } | null)?.reason);
    expect(last).toMatchObject({
      before: { sessionDate: '2027-03-02', marks: [{ enrollmentId: brian, status: 'absent' }] },
      after: { sessionDate: '2027-03-02', marks: [{ enrollmentId: brian, status: 'present' }], reason },
    });
  });

  it('offers the cohort’s scheduled session days', async () => {
    const cohortId = await insertCohort();
    const res = await admin.client.post('/api/admin/training/sessions', {
      courseId: 'cpo',
      cohortId,
      title: 'Week 1',
      date: '2027-03-02',
      time: '09:00',
      durationHours: 3,
    });
    expect(res.status).toBe(201);
    const sheet = (await (await admin.client.get(`/api/admin/training/attendance?cohortId=${cohortId}&sessionDate=2027-03-02`)).json()) as AttendanceSheet;
    expect(sheet.sessionDates).toEqual(['2027-03-02']);
  });
});
