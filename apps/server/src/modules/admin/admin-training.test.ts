import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COURSE_MATERIAL_MESSAGES,
  COURSE_VALIDITY_MESSAGE,
  type AdminAnnouncementRow,
  type AdminCertificateRow,
  type AdminCohortRow,
  type AdminEnrollmentPage,
  type AdminEnrollmentRow,
  type AdminMaterialRow,
  type AdminSessionRow,
  type AdminSubmissionPage,
  type AdminSubmissionRow,
  type AttendanceSheet,
  type TrainingCourseOption,
} from '@ops/shared/schemas/admin-training';
import type { AdminPaymentPage, AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { Database } from '../../db/client.ts';
import { attendance, certificates, cohorts, courses, enrollments, studentAssessments } from '../../db/schema/academy.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { payments } from '../../db/schema/payments.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { DUPLICATE_RECEIPT_MESSAGE } from '../academy/enrollment-lifecycle.service.ts';
import { saveStoredFile } from '../files/files.service.ts';

const MB = 1024 * 1024;
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
  await insertCourse(t.database.db, 'cpo', 'Certified Protection Officer');
  await insertCourse(t.database.db, 'event-security', 'Event Security');
});
afterEach(() => t.close());

async function insertCourse(db: Database, id: string, title: string) {
  await db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 6,
    price: 45_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
  });
}

async function insertCohort(values: Partial<typeof cohorts.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(cohorts)
    .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15, ...values })
    .returning({ id: cohorts.id });
  return row!.id;
}

async function insertEnrollment(cohortId: string, profileId: string, values: Partial<typeof enrollments.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(enrollments)
    .values({
      profileId,
      courseId: 'cpo',
      cohortId,
      coursePrice: 45_000,
      paymentMethod: 'intasend',
      status: 'active',
      paymentStatus: 'paid',
      ...values,
    })
    .returning({ id: enrollments.id });
  return row!.id;
}

const student = (fullName: string, phone: string | null = null) => t.signedInDirectly('client', { fullName, phone });

const auditRows = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;

const validCohort = {
  courseId: 'cpo',
  startDate: '2027-05-04',
  endDate: '2027-06-15',
  capacity: 20,
  status: 'open',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
};

describe('cohorts', () => {
  it('creates a cohort with its audit row, and lists cohorts by start date, latest first', async () => {
    await insertCohort({ startDate: '2027-01-10', endDate: '2027-02-20' });
    const res = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, notes: '  ' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as AdminCohortRow;
    expect(created).toMatchObject({ courseTitle: 'Certified Protection Officer', capacity: 20, enrolledCount: 0, status: 'open', notes: null });

    const list = (await (await admin.client.get('/api/admin/training/cohorts')).json()) as AdminCohortRow[];
    expect(list.map((c) => c.startDate)).toEqual(['2027-05-04', '2027-01-10']);
    const [audit] = await auditRows('cohort.create');
    expect(audit).toMatchObject({ recordId: created.id, actorProfileId: admin.profileId });
    expect(audit!.after).toMatchObject({ capacity: 20, startDate: '2027-05-04' });
  });

  it('requires course, start date, end date and capacity, and refuses an end before the start', async () => {
    const empty = await admin.client.post('/api/admin/training/cohorts', {});
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as ApiErrorBody;
    expect(body.fields).toMatchObject({ courseId: 'Choose a course', startDate: 'Enter the start date', endDate: 'Enter the end date' });
    expect(body.fields?.capacity).toMatch(/Capacity must be a whole number from 1 to 500/);

    const backwards = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, startDate: '2027-06-15', endDate: '2027-06-14' });
    expect(backwards.status).toBe(400);
    expect(await errorOf(backwards)).toBe('The end date cannot be before the start date');

    for (const capacity of [0, 501, 2.5, 'many']) {
      const res = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, capacity });
      expect(res.status, String(capacity)).toBe(400);
    }
    const unknownCourse = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, courseId: 'nope' });
    expect(unknownCourse.status).toBe(400);
    expect(await t.database.db.select().from(cohorts)).toHaveLength(0);
  });

  it('edits a cohort with before and after in its audit row, never below the seats already taken', async () => {
    const id = await insertCohort({ capacity: 15 });
    for (const name of ['Amina', 'Brian', 'Chege', 'Dorcas', 'Esther', 'Faith', 'Grace', 'Hassan'])
      await insertEnrollment(id, (await student(name)).profileId);
    const below = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, capacity: 7 });
    expect(below.status).toBe(409);
    expect(await errorOf(below)).toBe('This cohort already has 8 seats taken; its capacity cannot be lower than that.');

    const ok = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, capacity: 8, status: 'ongoing' });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as AdminCohortRow).toMatchObject({ capacity: 8, enrolledCount: 8, status: 'ongoing', startDate: '2027-05-04' });
    const [audit] = await auditRows('cohort.update');
    expect(audit!.before).toMatchObject({ capacity: 15, status: 'upcoming' });
    expect(audit!.after).toMatchObject({ capacity: 8, status: 'ongoing' });
  });

  it('keeps the course of a cohort that has enrolments', async () => {
    const id = await insertCohort({ enrolledCount: 1 });
    await insertEnrollment(id, (await student('Amina')).profileId);
    const res = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, courseId: 'event-security' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This cohort has enrolments, so its course cannot be changed.');
  });

  it('refuses to delete a cohort with enrolments and says why; deletes an empty one with its audit row', async () => {
    const full = await insertCohort({ enrolledCount: 1 });
    await insertEnrollment(full, (await student('Amina')).profileId);
    await insertEnrollment(full, (await student('Brian')).profileId, { status: 'rejected' });
    const refused = await admin.client.request(`/api/admin/training/cohorts/${full}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('This cohort has 2 enrolments and cannot be deleted.');

    const empty = await insertCohort();
    expect((await admin.client.request(`/api/admin/training/cohorts/${empty}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(cohorts).where(eq(cohorts.id, empty))).toHaveLength(0);
    expect(await auditRows('cohort.delete')).toHaveLength(1);
    expect((await admin.client.request(`/api/admin/training/cohorts/${empty}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('enrolments', () => {
  async function list(query = ''): Promise<AdminEnrollmentPage> {
    const res = await admin.client.get(`/api/admin/training/enrollments?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as AdminEnrollmentPage;
  }

  it('searches by student name, phone and course, filters by status and cohort, and records the read', async () => {
    const cpo = await insertCohort({ enrolledCount: 2 });
    const events = await insertCohort({ courseId: 'event-security', enrolledCount: 1 });
    const amina = await student('Amina Wanjiru', '254712000111');
    const brian = await student('Brian Otieno');
    await insertEnrollment(cpo, amina.profileId, { status: 'pending', paymentStatus: 'paid' });
    await insertEnrollment(cpo, brian.profileId, { paymentMethod: 'cash', status: 'pending_cash', paymentStatus: 'pending_cash' });
    await insertEnrollment(events, brian.profileId, { courseId: 'event-security' });

    expect((await list()).total).toBe(3);
    expect((await list('q=amina')).items.map((e) => e.studentName)).toEqual(['Amina Wanjiru']);
    expect((await list('q=0712 000')).items.map((e) => e.phone)).toEqual(['254712000111']);
    expect((await list('q=event')).items.map((e) => e.courseTitle)).toEqual(['Event Security']);
    expect((await list('status=pending_cash')).items.map((e) => e.studentName)).toEqual(['Brian Otieno']);
    expect((await list(`cohortId=${events}`)).items).toHaveLength(1);
    expect((await admin.client.get('/api/admin/training/enrollments?status=nope')).status).toBe(400);
    expect(await auditRows('enrollment.list')).toHaveLength(6);
  });

  it('approves or rejects a pending enrolment through the enrolment lifecycle, and refuses others', async () => {
    const cohortId = await insertCohort({ enrolledCount: 3 });
    const pending = await insertEnrollment(cohortId, (await student('Amina')).profileId, { status: 'pending' });
    const other = await insertEnrollment(cohortId, (await student('Brian')).profileId, { status: 'pending' });
    const active = await insertEnrollment(cohortId, (await student('Chege')).profileId);

    const approved = await admin.client.post(`/api/admin/training/enrollments/${pending}/review`, { decision: 'approved' });
    expect(approved.status).toBe(200);
    expect((await approved.json()) as AdminEnrollmentRow).toMatchObject({ status: 'approved', notes: 'Approved by admin' });

    const rejected = await admin.client.post(`/api/admin/training/enrollments/${other}/review`, { decision: 'rejected', reason: 'Prerequisites not met' });
    expect((await rejected.json()) as AdminEnrollmentRow).toMatchObject({ status: 'rejected', notes: 'Rejected by admin: Prerequisites not met' });
    const [cohort] = await t.database.db.select().from(cohorts).where(eq(cohorts.id, cohortId));
    expect(cohort!.enrolledCount).toBe(2);

    const refused = await admin.client.post(`/api/admin/training/enrollments/${active}/review`, { decision: 'approved' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('Only pending enrolments can be approved or rejected.');
    expect((await admin.client.post(`/api/admin/training/enrollments/${active}/review`, { decision: 'maybe' })).status).toBe(400);
  });

  it('marks a cash enrolment paid with its receipt number', async () => {
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const cash = await insertEnrollment(cohortId, (await student('Amina')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    const url = `/api/admin/training/enrollments/${cash}/cash-paid`;
    expect((await admin.client.post(url, { receiptNumber: '   ' })).status).toBe(400);
    expect((await admin.client.post(url, { receiptNumber: 'R'.repeat(65) })).status).toBe(400);

    const paid = await admin.client.post(url, { receiptNumber: '  RCT-0042 ' });
    expect(paid.status).toBe(200);
    expect((await paid.json()) as AdminEnrollmentRow).toMatchObject({ status: 'active', paymentStatus: 'paid' });
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, cash));
    expect(row!.transactionId).toBe('RCT-0042');
    expect((await admin.client.post(url, { receiptNumber: 'RCT-0043' })).status).toBe(409);
  });

  it('records the cash as a payment the Payments view, its summary and the CSV count, which cannot be refunded through a provider', async () => {
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const cash = await insertEnrollment(cohortId, (await student('Amina Wanjiku')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    expect((await admin.client.post(`/api/admin/training/enrollments/${cash}/cash-paid`, { receiptNumber: ' rct 0042 ' })).status).toBe(200);

    const listed = (await (await admin.client.get('/api/admin/payments?method=cash')).json()) as AdminPaymentPage;
    expect(listed.items).toEqual([
      expect.objectContaining({
        bookingReference: null,
        courseTitle: 'Certified Protection Officer',
        client: expect.objectContaining({ fullName: 'Amina Wanjiku' }),
        method: 'cash',
        provider: 'office',
        providerRef: 'RCT0042',
        amount: 45_000,
        status: 'paid',
        canRefund: false,
      }),
    ]);
    // The receipt number finds it, typed as on the paper.
    expect(((await (await admin.client.get('/api/admin/payments?q=rct0042')).json()) as AdminPaymentPage).items).toHaveLength(1);
    const summary = (await (await admin.client.get('/api/admin/payments/summary')).json()) as AdminPaymentSummary;
    expect(summary).toMatchObject({ collected: 45_000, collectedCount: 1, commission: 0 });
    const csv = await (await admin.client.get('/api/admin/payments.csv?method=cash')).text();
    expect(csv.trim().split('\n')).toHaveLength(2);
    expect(csv).toContain(',Certified Protection Officer,Amina Wanjiku,');
    expect(csv).toContain(',Cash,office,RCT0042,45000,');

    const refused = await admin.client.post(`/api/admin/payments/${listed.items[0]!.id}/refund`, {});
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('Cash taken at the office is given back at the office, not through a payment provider.');
    expect(await t.database.db.select().from(payments).where(eq(payments.enrollmentId, cash))).toEqual([
      expect.objectContaining({ status: 'paid', refundedAmount: null, refundRequestedAt: null }),
    ]);
  });

  it('refuses a receipt number already recorded, as the field’s error, and writes nothing', async () => {
    const cohortId = await insertCohort({ enrolledCount: 2 });
    const first = await insertEnrollment(cohortId, (await student('Amina')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    const second = await insertEnrollment(cohortId, (await student('Brian')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    expect((await admin.client.post(`/api/admin/training/enrollments/${first}/cash-paid`, { receiptNumber: 'RCT-0042' })).status).toBe(200);

    const again = await admin.client.post(`/api/admin/training/enrollments/${second}/cash-paid`, { receiptNumber: 'rct-0042' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ApiErrorBody).fields).toEqual({ receiptNumber: DUPLICATE_RECEIPT_MESSAGE });
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, second));
    expect(row).toMatchObject({ status: 'pending_cash', paymentStatus: 'pending_cash', transactionId: null });
    expect(await t.database.db.select().from(payments).where(eq(payments.enrollmentId, second))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordId, second), eq(auditEvents.action, 'enrollment.cash_paid'))),
    ).toEqual([]);
  });

  it('records one payment when the same cash is marked paid many times at once', async () => {
    const cohortId = await insertCohort({ enrolledCount: 2 });
    const cash = await insertEnrollment(cohortId, (await student('Amina')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    const other = await insertEnrollment(cohortId, (await student('Brian')).profileId, {
      paymentMethod: 'cash',
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
    });
    const presses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => admin.client.post(`/api/admin/training/enrollments/${cash}/cash-paid`, { receiptNumber: `RCT-${100 + i}` })),
      // The same receipt written on another student's enrolment at the same moment.
      ...Array.from({ length: 5 }, () => admin.client.post(`/api/admin/training/enrollments/${other}/cash-paid`, { receiptNumber: 'RCT-100' })),
    ]);
    const recorded = await t.database.db.select().from(payments);
    expect(recorded.filter((p) => p.enrollmentId === cash)).toHaveLength(1);
    expect(recorded.filter((p) => p.enrollmentId === other).length).toBeLessThanOrEqual(1);
    // No receipt twice, one success per record, and every other press told why.
    expect(new Set(recorded.map((p) => p.providerRef)).size).toBe(recorded.length);
    expect(presses.filter((r) => r.status === 200)).toHaveLength(recorded.length);
    expect(presses.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
  });
});

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

describe('certificates', () => {
  it('lists issued certificates', async () => {
    expect(await (await admin.client.get('/api/admin/training/certificates')).json()).toEqual([]);
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const amina = await student('Amina');
    const enrollmentId = await insertEnrollment(cohortId, amina.profileId, { status: 'completed' });
    await t.database.db.insert(certificates).values({
      enrollmentId,
      profileId: amina.profileId,
      certificateRef: 'OPS-2027-ABC123',
      studentName: 'Amina',
      courseName: 'Certified Protection Officer',
      issueDate: '2027-04-12',
      cobranded: true,
    });
    const rows = (await (await admin.client.get('/api/admin/training/certificates')).json()) as AdminCertificateRow[];
    expect(rows).toEqual([
      {
        id: expect.any(String) as string,
        enrollmentId,
        certificateRef: 'OPS-2027-ABC123',
        studentName: 'Amina',
        courseName: 'Certified Protection Officer',
        issueDate: '2027-04-12',
        expiresOn: null,
        cobranded: true,
        state: 'valid',
        revokedAt: null,
        revokedReason: null,
        overrideReason: null,
        verifyPath: '/cert/verify/OPS-2027-ABC123',
      },
    ]);
  });
});

describe('course content', () => {
  it('sets how long a course’s certificates hold, with its audit row; refuses values out of bounds and an unknown course, writing nothing', async () => {
    const before = (await (await admin.client.get('/api/admin/training/courses')).json()) as TrainingCourseOption[];
    expect(before.find((c) => c.id === 'cpo')?.validityYears).toBeNull();

    const res = await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'cpo', validityYears: 3 });
    const [row] = await t.database.db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, 'cpo'));
    expect(row?.validityYears).toBe(3);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'course.validity'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ recordType: 'course', recordId: 'cpo', before: { validityYears: null }, after: { validityYears: 3 } });

    for (const validityYears of [0, 21, 2.5, '3', -1]) {
      const bad = await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ApiErrorBody).fields?.validityYears).toBe(COURSE_VALIDITY_MESSAGE);
    }
    expect((await admin.client.put('/api/admin/training/courses/no-such-course/validity', { validityYears: 2 })).status).toBe(404);
    const [still] = await t.database.db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, 'cpo'));
    expect(still?.validityYears).toBe(3);

    // Empty: certificates of the course no longer expire.
    expect(await (await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears: null })).json()).toMatchObject({
      validityYears: null,
    });
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'course.validity'))).toHaveLength(2);
  });

  it('adds, edits and deletes sessions, in Nairobi time, with audit rows', async () => {
    const base = { courseId: 'cpo', title: 'Patrol techniques', date: '2027-03-02', time: '09:30', durationHours: 2.5, location: 'Room 4' };
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, durationHours: 0.25 })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, durationHours: 25 })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, title: ' ' })).status).toBe(400);
    const otherCohort = await insertCohort({ courseId: 'event-security' });
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, cohortId: otherCohort })).status).toBe(400);

    const created = (await (await admin.client.post('/api/admin/training/sessions', base)).json()) as AdminSessionRow;
    expect(created).toMatchObject({ sessionDate: '2027-03-02T06:30:00.000Z', date: '2027-03-02', time: '09:30', durationHours: 2.5, cohortId: null });
    const edited = await admin.client.put(`/api/admin/training/sessions/${created.id}`, { ...base, time: '14:00', durationHours: 0.5 });
    expect((await edited.json()) as AdminSessionRow).toMatchObject({ time: '14:00', durationHours: 0.5 });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/sessions')).json()) as AdminSessionRow[];
    expect(listed.map((s) => s.title)).toEqual(['Patrol techniques']);
    expect((await admin.client.request(`/api/admin/training/sessions/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await admin.client.get('/api/admin/training/courses/cpo/sessions')).json()).toEqual([]);
    expect((await auditRows('session.create')).length + (await auditRows('session.update')).length + (await auditRows('session.delete')).length).toBe(3);
  });

  it('adds and deletes announcements', async () => {
    expect((await admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'x', content: '' })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'x', content: 'y', priority: 'urgent' })).status).toBe(400);
    const res = await admin.client.post('/api/admin/training/courses/cpo/announcements', {
      title: 'Venue change',
      content: 'We meet in Room 2.',
      priority: 'high',
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminAnnouncementRow;
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()) as AdminAnnouncementRow[];
    expect(listed).toEqual([expect.objectContaining({ title: 'Venue change', priority: 'high' })]);
    expect((await admin.client.request(`/api/admin/training/announcements/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()).toEqual([]);
    expect(await auditRows('announcement.create')).toHaveLength(1);
    expect(await auditRows('announcement.delete')).toHaveLength(1);
  });

  it('aims an announcement at one cohort of the course or the whole course, and refuses a cohort of another course', async () => {
    const cohortA = await insertCohort({ startDate: '2027-03-01' });
    const eventCohort = await insertCohort({ courseId: 'event-security' });
    const post = (body: Record<string, unknown>) =>
      admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'Venue change', content: 'Room 2', ...body });

    for (const cohortId of [eventCohort, crypto.randomUUID()]) {
      const refused = await post({ cohortId });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ApiErrorBody).fields?.cohortId).toBe('Choose a cohort of this course');
    }
    expect((await post({ cohortId: 'not-an-id' })).status).toBe(400);
    expect(await auditRows('announcement.create')).toHaveLength(0);

    const forCohort = await post({ cohortId: cohortA, title: 'Cohort A: Kasarani on Wednesday' });
    expect(forCohort.status).toBe(201);
    expect(await forCohort.json()).toMatchObject({ cohortId: cohortA, cohortStartDate: '2027-03-01' });
    const forCourse = await post({ cohortId: '', title: 'Handbook reprinted' });
    expect(await forCourse.json()).toMatchObject({ cohortId: null, cohortStartDate: null });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()) as AdminAnnouncementRow[];
    expect(listed.map((a) => [a.title, a.cohortStartDate])).toEqual([
      ['Handbook reprinted', null],
      ['Cohort A: Kasarani on Wednesday', '2027-03-01'],
    ]);
    const audits = await auditRows('announcement.create');
    expect(audits.map((a) => (a.after as { cohortId: string | null }).cohortId).sort()).toEqual([cohortA, null].sort());
  });

  const upload = (courseId: string, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return admin.client.request(`/api/admin/training/courses/${courseId}/materials`, { method: 'POST', body: form });
  };
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

  it('uploads a material checked by content, lists it with its size, serves it, and deletes row and bytes', async () => {
    const res = await upload('cpo', pdf(3 * 1024), 'Week 1 notes.pdf');
    expect(res.status).toBe(201);
    const material = (await res.json()) as AdminMaterialRow;
    expect(material).toMatchObject({ name: 'Week 1 notes.pdf', sizeBytes: 3072, contentType: 'application/pdf' });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/materials')).json()) as AdminMaterialRow[];
    expect(listed.map((m) => m.id)).toEqual([material.id]);
    const download = await admin.client.get(material.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Week 1 notes.pdf"');
    expect((await download.arrayBuffer()).byteLength).toBe(3072);

    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, material.id));
    expect(await t.files.get(`course-materials/${row!.key}`)).not.toBeNull();
    expect((await admin.client.request(`/api/admin/training/materials/${material.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, material.id))).toHaveLength(0);
    expect(await t.files.get(`course-materials/${row!.key}`)).toBeNull();
    expect(await auditRows('material.upload')).toHaveLength(1);
    expect(await auditRows('material.delete')).toHaveLength(1);
  });

  it('refuses a file that is not an allowed type whatever its name, and one over 50 MB', async () => {
    const fake = await upload('cpo', Buffer.from('<html><script>alert(1)</script></html>'.repeat(200)), 'notes.pdf');
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toBe(COURSE_MATERIAL_MESSAGES.wrongType);
    const big = await upload('cpo', pdf(50 * MB + 1), 'big.pdf');
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe(COURSE_MATERIAL_MESSAGES.tooLarge);
    expect((await upload('no-such-course', pdf(1024), 'x.pdf')).status).toBe(404);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
  });
});

describe('grading', () => {
  async function submission() {
    const amina = await student('Amina');
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const enrollmentId = await insertEnrollment(cohortId, amina.profileId);
    const { row: file } = await saveStoredFile(
      t.deps,
      { bucket: 'student-assessments', ownerProfileId: amina.profileId, originalName: 'essay.pdf', contentType: 'application/pdf', sizeBytes: 14 },
      Buffer.from('%PDF-1.4\nessay'),
      () => Promise.resolve(null),
    );
    const [row] = await t.database.db
      .insert(studentAssessments)
      .values({
        enrollmentId,
        profileId: amina.profileId,
        courseId: 'cpo',
        assessmentTitle: 'Risk essay',
        assessmentType: 'assignment',
        fileId: file.id,
        fileName: 'essay.pdf',
      })
      .returning();
    return { id: row!.id, profileId: amina.profileId };
  }

  it('lists ungraded submissions, serves the file with a recorded read, and grades with pass or fail', async () => {
    const { id, profileId } = await submission();
    const ungraded = (await (await admin.client.get('/api/admin/training/submissions')).json()) as AdminSubmissionPage;
    expect(ungraded.items.map((s) => [s.studentName, s.title, s.status])).toEqual([['Amina', 'Risk essay', 'submitted']]);

    const file = await admin.client.get(`/api/admin/training/submissions/${id}/file`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4\nessay');
    expect(await auditRows('assessment.read')).toEqual([expect.objectContaining({ recordId: id, subjectProfileId: profileId })]);

    const url = `/api/admin/training/submissions/${id}/grade`;
    expect((await admin.client.post(url, { grade: 'A'.repeat(21), passed: true })).status).toBe(400);
    expect((await admin.client.post(url, { grade: 'A' })).status).toBe(400);
    expect((await admin.client.post(url, { grade: '78%', passed: true, feedback: 'x'.repeat(2001) })).status).toBe(400);

    const graded = await admin.client.post(url, { grade: ' 78% ', passed: true, feedback: 'Clear and well argued.' });
    expect(graded.status).toBe(200);
    expect((await graded.json()) as AdminSubmissionRow).toMatchObject({
      status: 'graded',
      grade: '78%',
      passed: true,
      feedback: 'Clear and well argued.',
    });

    // What the student's dashboard reads.
    const [row] = await t.database.db
      .select()
      .from(studentAssessments)
      .where(and(eq(studentAssessments.id, id), eq(studentAssessments.profileId, profileId)));
    expect(row).toMatchObject({ status: 'graded', grade: '78%', passed: true, feedback: 'Clear and well argued.', gradedBy: admin.profileId });
    expect(row!.gradedAt).toBeInstanceOf(Date);
    expect(((await (await admin.client.get('/api/admin/training/submissions')).json()) as AdminSubmissionPage).items).toHaveLength(0);
    expect(((await (await admin.client.get('/api/admin/training/submissions?status=graded')).json()) as AdminSubmissionPage).items).toHaveLength(1);
    expect(await auditRows('assessment.grade')).toHaveLength(1);
  });

  it('keeps the Training routes from anyone without academy.manage', async () => {
    const client = await t.signedInDirectly('client');
    expect((await client.client.get('/api/admin/training/cohorts')).status).toBe(403);
    expect((await t.client().get('/api/admin/training/enrollments')).status).toBe(401);
  });
});
