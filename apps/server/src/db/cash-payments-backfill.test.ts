/**
 * Migration 0028 gives the cash course fees recorded before it (on their enrolments only) their
 * payment records, so the console's Payments view counts the money taken at the office before too.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { cohorts, courses } from './schema/academy-courses.ts';
import { enrollments } from './schema/academy-enrollments.ts';
import { auditEvents } from './schema/audit.ts';
import { payments } from './schema/payments.ts';

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

/** The migration's last statement: the backfill (the ones before it change the constraints). */
const backfill = readFileSync(`${MIGRATIONS_DIR}/0028_cash_payment_records.sql`, 'utf8').split('--> statement-breakpoint').at(-1)!;

describe('migration 0028: cash fees recorded before it', () => {
  it('become paid cash payments of their price, when the receipt was recorded; a receipt on two enrolments keeps both; nothing else changes', async () => {
    const { db } = t.database;
    await db.insert(courses).values({
      id: 'cpo',
      title: 'Close Protection Officer',
      tagline: 'Tagline',
      description: 'Description',
      durationWeeks: 6,
      price: 45_000,
      level: 'Advanced',
      accreditation: 'EBSSA',
      category: 'Security',
      maxStudents: 15,
    });
    const [cohort] = await db.insert(cohorts).values({ courseId: 'cpo', startDate: '2026-03-02', endDate: '2026-04-13', capacity: 15 }).returning();
    const admin = await t.signedInDirectly('admin');
    const people = await Promise.all(['Amina', 'Brian', 'Chege', 'Dorcas'].map((name) => t.signedInDirectly('client', { fullName: name })));
    const enrol = async (profileId: string, values: Partial<typeof enrollments.$inferInsert>) => {
      const [row] = await db
        .insert(enrollments)
        .values({
          profileId,
          courseId: 'cpo',
          cohortId: cohort!.id,
          coursePrice: 45_000,
          paymentMethod: 'cash',
          status: 'active',
          paymentStatus: 'paid',
          ...values,
        })
        .returning();
      return row!;
    };
    const earlier = new Date('2026-02-10T07:00:00Z');
    const amina = await enrol(people[0]!.profileId, { transactionId: ' rct 0042', updatedAt: new Date('2026-02-20T07:00:00Z') });
    await db
      .insert(auditEvents)
      .values({ actorProfileId: admin.profileId, action: 'enrollment.cash_paid', recordType: 'enrollment', recordId: amina.id, createdAt: earlier });
    const brian = await enrol(people[1]!.profileId, { transactionId: 'rct0042', status: 'completed', updatedAt: new Date('2026-02-21T07:00:00Z') });
    const unpaid = await enrol(people[2]!.profileId, { status: 'pending_cash', paymentStatus: 'pending_cash' });
    const online = await enrol(people[3]!.profileId, { paymentMethod: 'intasend', transactionId: 'KXQ7R2M' });
    await db.insert(payments).values({
      enrollmentId: online.id,
      payerProfileId: people[3]!.profileId,
      provider: 'intasend',
      method: 'mpesa',
      amount: 45_000,
      status: 'paid',
      apiRef: 'ENR-1',
      providerRef: 'KXQ7R2M',
      paidAt: earlier,
    });

    await db.execute(sql.raw(backfill));

    const recorded = await db.select().from(payments).where(eq(payments.method, 'cash'));
    expect(
      recorded
        .map((p) => ({
          enrollmentId: p.enrollmentId,
          payer: p.payerProfileId,
          ref: p.providerRef,
          paidAt: p.paidAt,
          amount: p.amount,
          status: p.status,
          provider: p.provider,
        }))
        .sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime()),
    ).toEqual([
      { enrollmentId: amina.id, payer: people[0]!.profileId, ref: 'RCT0042', paidAt: earlier, amount: 45_000, status: 'paid', provider: 'office' },
      {
        enrollmentId: brian.id,
        payer: people[1]!.profileId,
        ref: 'RCT0042/2',
        paidAt: new Date('2026-02-21T07:00:00Z'),
        amount: 45_000,
        status: 'paid',
        provider: 'office',
      },
    ]);
    expect(await db.select().from(payments).where(eq(payments.enrollmentId, unpaid.id))).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.enrollmentId, online.id))).toHaveLength(1);

    // Run twice (a restore, a re-run by hand): nothing is added.
    await db.execute(sql.raw(backfill));
    expect(await db.select().from(payments).where(eq(payments.method, 'cash'))).toHaveLength(2);
  });
});
