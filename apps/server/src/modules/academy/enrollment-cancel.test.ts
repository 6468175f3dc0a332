/**
 * The console's cancelling of an enrolment (Training → Enrollments): an unpaid one, and a paid one
 * with the academy's refund (95%): online through the provider, cash returned at the office. Each
 * move audited and told to the student; each refusal a 409 with nothing written.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPaymentPage } from '@ops/shared/schemas/admin-payments';
import type { AdminEnrollmentPage, EnrollmentCancelResult } from '@ops/shared/schemas/admin-enrollments';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { payments } from '../../db/schema/payments.ts';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { wrongSeatFigures } from '../../test/seat-figures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import {
  bellOf,
  cashEnrollment,
  cohortCount,
  COURSE_PRICE,
  courseWithCohort,
  enrollmentRow,
  enrollmentSnapshot,
  enrollVia,
  onlinePaidEnrollment,
} from '../../test/enrollment-fixtures.ts';

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
});
afterEach(() => t.close());

const base = '/api/admin/training/enrollments';
const review = (client: TestClient, id: string, body: unknown) => client.post(`${base}/${id}/review`, body);
const cancel = (client: TestClient, id: string, body: unknown) => client.post(`${base}/${id}/cancel`, body);
const errorOf = async (res: Response) => (await res.json()) as ApiErrorBody & { fields?: Record<string, string> };
const snapshot = (enrollmentId: string) => enrollmentSnapshot(t, enrollmentId);
const cashEnrolment = (name?: string) => cashEnrollment(t, name);
const paidOnline = () => onlinePaidEnrollment(t);

/** 95% of the test course's KES 45,000, rounded down. */
const REFUND = 42_750;

describe('cancelling', () => {
  it('cancels an unpaid cash enrolment with a reason: the seat freed, nothing to give back, audited, the student told', async () => {
    const { cohort, student, id } = await cashEnrolment();
    expect((await review(admin.client, id, { decision: 'approved' })).status).toBe(200);
    await t.jobs.take('send-enrollment-email');
    const before = await snapshot(id);
    const missing = await cancel(admin.client, id, {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toEqual({ reason: 'Please give a reason' });
    expect(await snapshot(id)).toEqual(before);

    const res = await cancel(admin.client, id, { reason: 'The student asked to withdraw' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as EnrollmentCancelResult;
    expect(result).toMatchObject({ enrollment: { status: 'cancelled', paymentStatus: 'failed' }, refund: { how: 'none' } });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.cancel'));
    expect(audit).toMatchObject({ recordId: id, before: { status: 'approved' }, after: { status: 'cancelled', reason: 'The student asked to withdraw' } });
    expect((await bellOf(t, student.profileId)).at(-1)).toBe(
      'Your enrollment in Close Protection Officer was cancelled by OPS Security: The student asked to withdraw.',
    );
    await t.runJobs('send-enrollment-email');
    const mail = t.mailer.messages.find((m) => m.to === student.email);
    expect(mail?.subject).toBe('Enrollment cancelled: Close Protection Officer');
    expect(mail?.text).toContain('Reason: The student asked to withdraw');

    // Once cancelled, a second press changes nothing.
    const after = await snapshot(id);
    const again = await cancel(admin.client, id, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This enrolment is already cancelled.');
    expect(await snapshot(id)).toEqual(after);
  });

  it('cancels a fee paid in cash: 95% returned at the office and recorded on its payment, which Payments shows', async () => {
    const { cohort, student, id } = await cashEnrolment();
    expect((await admin.client.post(`${base}/${id}/cash-paid`, { receiptNumber: 'RCPT-7788' })).status).toBe(200);
    await t.jobs.take('send-enrollment-email');

    const res = await cancel(admin.client, id, { reason: 'Moved to Mombasa' });
    expect(res.status).toBe(200);
    expect((await res.json()) as EnrollmentCancelResult).toMatchObject({
      enrollment: { status: 'cancelled', paymentStatus: 'refunded' },
      refund: { how: 'office', amount: REFUND, of: COURSE_PRICE, outcome: 'accepted' },
    });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.enrollmentId, id));
    expect(payment).toMatchObject({ provider: 'office', method: 'cash', status: 'refunded', refundedAmount: REFUND, providerRef: 'RCPT-7788' });
    expect(payment?.refundedAt).not.toBeNull();

    const listed = (await (await admin.client.get('/api/admin/payments?q=RCPT-7788')).json()) as AdminPaymentPage;
    expect(listed.items).toMatchObject([{ status: 'refunded', refundedAmount: REFUND, method: 'cash' }]);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.cancel'));
    expect(audit?.after).toMatchObject({ refund: 'office', refundAmount: REFUND, amount: COURSE_PRICE, reason: 'Moved to Mombasa' });
    expect((await bellOf(t, student.profileId)).at(-1)).toBe(
      'Your enrollment in Close Protection Officer was cancelled by OPS Security: Moved to Mombasa. KES 42,750 (95% of KES 45,000) was returned to you in cash at our office.',
    );
    await t.runJobs('send-enrollment-email');
    expect(t.mailer.messages.find((m) => m.to === student.email)?.text).toContain(
      'KES 42,750 (95% of KES 45,000) was returned to you in cash at our office.',
    );
  });

  it('cancels a fee paid online: the provider refunds 95%, then the enrolment is cancelled, the seat freed, the student told', async () => {
    const { cohort, student, id, payment } = await paidOnline();
    const res = await cancel(admin.client, id, { reason: 'Course moved to a date she cannot make' });
    expect(res.status).toBe(200);
    expect((await res.json()) as EnrollmentCancelResult).toMatchObject({
      enrollment: { status: 'cancelled', paymentStatus: 'refunded', refundRequested: false },
      refund: { how: 'provider', amount: REFUND, of: COURSE_PRICE, outcome: 'accepted' },
    });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: REFUND });
    expect(after?.refundRef).not.toBeNull();
    const [ledger] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, payment.providerRef!));
    expect(ledger?.refundedKes).toBe(REFUND);

    const actions = (await t.database.db.select().from(auditEvents)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.refund_request', 'payment.refund', 'enrollment.cancel']));
    expect((await bellOf(t, student.profileId)).at(-1)).toBe(
      'Your enrollment in Close Protection Officer was cancelled by OPS Security: Course moved to a date she cannot make. KES 42,750 (95% of KES 45,000) has been refunded to you.',
    );
    await t.runJobs('send-payment-refund-notice');
    const mail = t.mailer.messages.find((m) => m.to === student.email);
    expect(mail?.subject).toBe('Refund for Close Protection Officer');
    expect(mail?.text).toContain('Course moved to a date she cannot make');
  });

  it('refunds once when the same enrolment is cancelled many times at once', async () => {
    const { id, payment } = await paidOnline();
    const answers = await Promise.all(Array.from({ length: 12 }, () => cancel(admin.client, id, { reason: 'Duplicate enrolment' })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(11);
    const [ledger] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, payment.providerRef!));
    expect(ledger?.refunds).toHaveLength(1);
    expect(ledger?.refundedKes).toBe(REFUND);
    expect((await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.cancel'))).length).toBe(1);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);

    // The same for cash given back at the desk: one return.
    const cash = await cashEnrolment('Akinyi Atieno');
    expect((await admin.client.post(`${base}/${cash.id}/cash-paid`, { receiptNumber: 'RCPT-9911' })).status).toBe(200);
    const desk = await Promise.all(Array.from({ length: 12 }, () => cancel(admin.client, cash.id, { reason: 'Duplicate enrolment' })));
    expect(desk.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.cancel'))).length).toBe(2);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
  });

  it('leaves everything as it was when the provider refuses the refund (409 with its words)', async () => {
    const { id, payment } = await paidOnline();
    // The sandbox no longer knows the payment: its refund is refused.
    await t.database.db.delete(sandboxPayments).where(eq(sandboxPayments.providerRef, payment.providerRef!));
    const before = await snapshot(id);
    const res = await cancel(admin.client, id, { reason: 'Duplicate enrolment' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toMatch(/^The payment service refused/);
    const after = await snapshot(id);
    expect(after.enrollment).toEqual(before.enrollment);
    expect(after.payments).toMatchObject([{ status: 'paid', refundRequestedAt: null, failureReason: null, refundedAmount: null }]);
    expect(after.figures).toEqual([]);
    const actions = (await t.database.db.select().from(auditEvents)).map((a) => a.action);
    expect(actions).not.toContain('enrollment.cancel');
    expect(actions).not.toContain('payment.refund');
  });

  it('keeps the claim when the payment service does not answer: 202, the row reads Refund requested, and the job makes the refund', async () => {
    const { id, payment, student } = await paidOnline();
    const refund = t.deps.payments.refund.bind(t.deps.payments);
    t.deps.payments.refund = () => Promise.reject(new PaymentProviderError('timeout', 'no answer in time'));
    const res = await cancel(admin.client, id, { reason: 'Duplicate enrolment' });
    t.deps.payments.refund = refund;
    expect(res.status).toBe(202);
    expect((await res.json()) as EnrollmentCancelResult).toMatchObject({
      enrollment: { status: 'active', paymentStatus: 'paid', refundRequested: true },
      refund: { how: 'provider', amount: REFUND, outcome: 'unconfirmed' },
    });
    expect((await cancel(admin.client, id, { reason: 'Again' })).status).toBe(409);
    expect(await bellOf(t, student.profileId)).not.toContainEqual(expect.stringContaining('cancelled'));

    // The back-stop job, once the claim is stale, finds no refund at the provider and asks for it.
    await t.database.db
      .update(payments)
      .set({ refundRequestedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(payments.id, payment.id));
    await t.runJobs('payment-refund');
    expect(await enrollmentRow(t, id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', notes: 'Cancelled by admin: Duplicate enrolment' });
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: REFUND });
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.cancel'));
    expect(audit?.actorProfileId).toBe(admin.profileId);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
  });

  it('refuses what cannot be cancelled, with the reason, and writes nothing', async () => {
    // An online payment under way settles or releases itself within 30 minutes.
    const { cohort } = await courseWithCohort(t);
    const payer = await t.signedIn('client');
    const { body: underWay } = await enrollVia(payer.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712345678' });
    const { id: completed } = await cashEnrolment('Mutua Kioko');
    await t.database.db.update(enrollments).set({ status: 'completed', paymentStatus: 'paid' }).where(eq(enrollments.id, completed));
    const cases: [string, string | RegExp][] = [
      [underWay.id, /online payment is still under way/],
      [completed, 'A completed course cannot be cancelled.'],
    ];
    for (const [id, message] of cases) {
      const before = await snapshot(id);
      const res = await cancel(admin.client, id, { reason: 'Because' });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toMatch(message);
      expect(await snapshot(id)).toEqual(before);
    }
    expect((await cancel(admin.client, '00000000-0000-4000-8000-000000000000', { reason: 'x' })).status).toBe(404);
  });

  it('keeps every enrolment move from anyone but an admin: guest 401, client, guard and partner 403, nothing written', async () => {
    const { id } = await cashEnrolment();
    const before = await snapshot(id);
    const people = [
      { client: t.client(), status: 401 },
      { client: (await t.signedInDirectly('client')).client, status: 403 },
      { client: (await t.signedInDirectly('guard')).client, status: 403 },
      { client: (await t.signedInDirectly('partner')).client, status: 403 },
    ];
    for (const { client, status } of people) {
      expect((await review(client, id, { decision: 'approved' })).status).toBe(status);
      expect((await review(client, id, { decision: 'rejected', reason: 'x' })).status).toBe(status);
      expect((await cancel(client, id, { reason: 'x' })).status).toBe(status);
      expect((await client.post(`${base}/${id}/cash-paid`, { receiptNumber: 'RCPT-1' })).status).toBe(status);
    }
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('on a fresh install', () => {
  it("cancels the demo's paid enrolments: the student's online fee through the sandbox, a guard's cash at the office", async () => {
    const demo = await createTestContext(factory);
    try {
      expect(await seedDemoData(demo.database.db)).toBe(true);
      const boss = await demo.signedInDirectly('admin');
      const page = (await (await boss.client.get(`${base}?pageSize=50`)).json()) as AdminEnrollmentPage;
      const online = page.items.find((e) => e.courseId === 'cpo' && e.status === 'active');
      const cash = page.items.find((e) => e.courseId === 'executive-protection' && e.status === 'active');
      expect([online?.paymentMethod, cash?.paymentMethod]).toEqual(['intasend', 'cash']);

      const refunded = await cancel(boss.client, online!.id, { reason: 'Moved abroad' });
      expect(refunded.status, await refunded.clone().text()).toBe(200);
      expect((await refunded.json()) as EnrollmentCancelResult).toMatchObject({
        enrollment: { status: 'cancelled', paymentStatus: 'refunded' },
        refund: { how: 'provider', amount: 142_500, of: 150_000, outcome: 'accepted' },
      });
      const returned = await cancel(boss.client, cash!.id, { reason: 'Deployed to a long contract' });
      expect((await returned.json()) as EnrollmentCancelResult).toMatchObject({ refund: { how: 'office', amount: 90_250, of: 95_000 } });
      expect(await wrongSeatFigures(demo.database.db)).toEqual([]);
      const [exec] = await demo.database.db.select().from(cohorts).where(eq(cohorts.id, cash!.cohortId));
      expect(exec?.enrolledCount).toBe(2);
    } finally {
      await demo.close();
    }
  });
});
