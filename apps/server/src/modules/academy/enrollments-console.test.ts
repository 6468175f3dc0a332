import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentPage, AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import type { AdminPaymentPage, AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { payments } from '../../db/schema/payments.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { errorOf, insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';
import { DUPLICATE_RECEIPT_MESSAGE } from '../academy/enrollment-decisions.service.ts';

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
