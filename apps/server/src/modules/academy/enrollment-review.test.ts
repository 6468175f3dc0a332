/**
 * The console's review of an enrolment (Training → Enrollments): approve or reject what nobody
 * decided on, audited and told to the student; what is decided, paid or under way is refused with
 * a 409 and nothing written.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminEnrollmentPage, AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { auditEvents } from '../../db/schema/audit.ts';
import { wrongSeatFigures } from '../../test/seat-figures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { formatDay } from './enrollment-notices.ts';
import { bellOf, cashEnrollment, cohortCount, enrollmentRow, enrollmentSnapshot, onlinePaidEnrollment } from '../../test/enrollment-fixtures.ts';

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
const errorOf = async (res: Response) => (await res.json()) as ApiErrorBody & { fields?: Record<string, string> };
const snapshot = (enrollmentId: string) => enrollmentSnapshot(t, enrollmentId);
const cashEnrolment = (name?: string) => cashEnrollment(t, name);
const paidOnline = () => onlinePaidEnrollment(t);

describe('approving and rejecting', () => {
  it('approves a cash enrolment nobody decided on: the seat kept, the fee still due by its deadline, audited, the student told', async () => {
    const { cohort, student, id } = await cashEnrolment();
    const res = await review(admin.client, id, { decision: 'approved' });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminEnrollmentRow).toMatchObject({ status: 'approved', paymentStatus: 'pending_cash' });
    expect(await cohortCount(t, cohort.id)).toBe(1);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.approve'));
    expect(audit).toMatchObject({ recordId: id, actorProfileId: admin.profileId, after: { status: 'approved', paymentStatus: 'pending_cash' } });
    const deadline = (await enrollmentRow(t, id)).paymentDeadline!;
    expect((await bellOf(t, student.profileId)).at(-1)).toBe(
      `Your enrollment in Close Protection Officer was approved. Please pay KES 45,000 at our office in Nairobi by ${formatDay(deadline)} to keep your seat.`,
    );
    await t.runJobs('send-enrollment-email');
    expect(t.mailer.messages.find((m) => m.to === student.email)?.subject).toBe('Enrollment approved: Close Protection Officer');

    // Approved, it is paid at the desk as before; the 'Pending' filter lists it no more.
    const pending = (await (await admin.client.get(`${base}?status=pending`)).json()) as AdminEnrollmentPage;
    expect(pending.items.map((e) => e.id)).not.toContain(id);
    expect((await admin.client.post(`${base}/${id}/cash-paid`, { receiptNumber: 'RCPT-5001' })).status).toBe(200);
    expect(await enrollmentRow(t, id)).toMatchObject({ status: 'active', paymentStatus: 'paid' });
  });

  it("lists under 'Pending' every enrolment waiting for a decision or a payment", async () => {
    const { id } = await cashEnrolment();
    const page = (await (await admin.client.get(`${base}?status=pending`)).json()) as AdminEnrollmentPage;
    expect(page.items.map((e) => [e.id, e.status])).toEqual([[id, 'pending_cash']]);
  });

  it('rejects with the reason the student reads, freeing the seat; without a reason it is a 400 on the field and nothing is written', async () => {
    const { cohort, student, id } = await cashEnrolment();
    const before = await snapshot(id);
    const missing = await review(admin.client, id, { decision: 'rejected', reason: '   ' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toEqual({ reason: 'Please give a reason' });
    expect(await snapshot(id)).toEqual(before);

    const res = await review(admin.client, id, { decision: 'rejected', reason: 'A PSRA licence is required for this course' });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminEnrollmentRow).toMatchObject({ status: 'rejected', paymentStatus: 'failed' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'enrollment.reject'));
    expect(audit?.after).toMatchObject({ status: 'rejected', reason: 'A PSRA licence is required for this course' });
    expect((await bellOf(t, student.profileId)).at(-1)).toBe(
      'Your enrollment in Close Protection Officer was not approved: A PSRA licence is required for this course. Your seat was released.',
    );
    await t.runJobs('send-enrollment-email');
    const mail = t.mailer.messages.find((m) => m.to === student.email);
    expect(mail?.subject).toBe('Enrollment not approved: Close Protection Officer');
    expect(mail?.text).toContain('Reason: A PSRA licence is required for this course');
  });

  it('refuses to review what is decided already, paid or under way: 409, nothing written', async () => {
    const { id } = await cashEnrolment();
    expect((await review(admin.client, id, { decision: 'approved' })).status).toBe(200);
    const online = await paidOnline();
    for (const target of [id, online.id]) {
      const before = await snapshot(target);
      for (const body of [{ decision: 'approved' }, { decision: 'rejected', reason: 'No' }]) {
        const res = await review(admin.client, target, body);
        expect(res.status).toBe(409);
        expect((await errorOf(res)).message).toBe('Only pending enrolments can be approved or rejected.');
      }
      expect(await snapshot(target)).toEqual(before);
    }
  });
});
