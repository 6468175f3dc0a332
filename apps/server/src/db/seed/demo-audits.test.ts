/**
 * The demo's audited cohorts and its co-branded certificate tell the truth: every audit is dated on
 * or after its cohort's first day, and the certificate issued at start-up names such a date.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditDateFitsCohort } from '@ops/shared/domain/cohort-audit';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { cohorts } from '../schema/academy-courses.ts';
import { enrollments } from '../schema/academy-enrollments.ts';
import { certificates } from '../schema/certificates.ts';
import { issueDemoCertificates } from './demo-certificates.ts';
import { seedDemoData } from './demo.ts';

let factory: TestDatabaseFactory;
let t: TestContext | undefined;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the demo data’s audits', () => {
  // Every weekday, as the cohorts start on Mondays relative to the day of the first start.
  it.each(['2026-11-23T05:00:00Z', '2026-11-25T20:30:00Z', '2026-11-29T21:30:00Z'])(
    'date each audit inside or after its cohort, with the certificate naming that date (first start %s)',
    async (at) => {
      const now = new Date(at);
      t = await createTestContext(factory);
      t.deps.clock = () => now;
      expect(await seedDemoData(t.database.db, now)).toBe(true);
      const audited = await t.database.db.select().from(cohorts).where(eq(cohorts.audited, true));
      expect(audited.length).toBeGreaterThanOrEqual(2);
      for (const cohort of audited) {
        expect(auditDateFitsCohort(cohort.auditedAt!, cohort.startDate), `${cohort.courseId} of ${cohort.startDate}`).toBe(true);
        expect(cohort.auditedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      expect(audited.some((c) => c.auditNotes)).toBe(true);

      expect(await issueDemoCertificates(t.deps)).toBe(1);
      const [issued] = await t.database.db
        .select({ auditedAt: certificates.auditedAt, cobranded: certificates.cobranded, startDate: cohorts.startDate, endDate: cohorts.endDate })
        .from(certificates)
        .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
        .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
        .where(isNotNull(certificates.auditedAt));
      expect(issued).toMatchObject({ cobranded: true });
      expect(nairobiDate(issued!.auditedAt!) >= issued!.startDate).toBe(true);
    },
  );
});
