/** The console's decisions on an enrolment: cash marked paid with its receipt, and approval or rejection. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { markCashEnrollmentPaid, reviewEnrollment } from './enrollment-decisions.service.ts';
import { bellOf, cohortCount, COURSE_PRICE, courseWithCohort, enrollVia } from '../../test/enrollment-fixtures.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

describe('the enrolment lifecycle for the console', () => {
  const actorOf = (profileId: string) => ({ profileId, clientIp: '127.0.0.1' });

  it('marks a cash enrolment paid with its receipt, audited with the amount, and refuses it twice', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const admin = await t.signedIn('admin');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    const row = await markCashEnrollmentPaid(t.deps, { enrollmentId: body.id, receiptNumber: ' RCPT-77 ', actor: actorOf(admin.profileId) });
    expect(row).toMatchObject({ status: 'active', paymentStatus: 'paid', transactionId: 'RCPT-77' });
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, body.id));
    expect(audit).toMatchObject([{ action: 'enrollment.cash_paid', after: { amount: COURSE_PRICE, receiptNumber: 'RCPT-77' } }]);
    expect((await bellOf(t, student.profileId)).at(-1)).toContain('receipt RCPT-77');
    await expect(markCashEnrollmentPaid(t.deps, { enrollmentId: body.id, receiptNumber: 'X', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 409,
      message: 'Only a cash enrolment awaiting payment can be marked paid.',
    });
    expect(await cohortCount(t, cohort.id)).toBe(1);
  });

  it('approves or rejects an enrolment nobody decided on (pending, or cash awaiting review); rejection frees the seat', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const admin = await t.signedIn('admin');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    // The specification's 'pending' (never made by enrolling today): made pending directly.
    await t.database.db.update(enrollments).set({ status: 'pending' }).where(eq(enrollments.id, body.id));
    await expect(reviewEnrollment(t.deps, { enrollmentId: body.id, decision: 'rejected', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 400,
      fields: { reason: 'Please give a reason' },
    });
    const rejected = await reviewEnrollment(t.deps, {
      enrollmentId: body.id,
      decision: 'rejected',
      reason: 'Prerequisites not met',
      actor: actorOf(admin.profileId),
    });
    expect(rejected).toMatchObject({ status: 'rejected', notes: 'Rejected by admin: Prerequisites not met' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, body.id));
    expect(audit.map((a) => a.action)).toEqual(['enrollment.reject']);
    await expect(reviewEnrollment(t.deps, { enrollmentId: body.id, decision: 'approved', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 409,
      message: 'Only pending enrolments can be approved or rejected.',
    });
    await expect(
      reviewEnrollment(t.deps, { enrollmentId: '00000000-0000-4000-8000-000000000000', decision: 'approved', actor: actorOf(admin.profileId) }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
