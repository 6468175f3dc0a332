/**
 * Migration 0029 withdraws the cohort audits recorded before their cohort's first day (the partner
 * portal allowed them until then), and certificates that named such a date stop claiming the
 * co-branding; everything else stays as it was, and the new check then holds.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertIssuedCertificate } from '../test/certificate-fixtures.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { cohorts } from './schema/academy-courses.ts';
import { certificates } from './schema/certificates.ts';

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

const statements = readFileSync(`${MIGRATIONS_DIR}/0029_cohort_audit_notes_and_date.sql`, 'utf8').split('--> statement-breakpoint');
/** The two data fixes, between adding the column and adding the checks. */
const withdrawals = statements.filter((statement) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement));
const dateCheck = statements.find((statement) => statement.includes('"cohorts_audit_date_check"'))!;

describe('migration 0029: audits dated before their cohort', () => {
  it('are withdrawn with the co-branding of the certificates that name them; audits inside or after the cohort stay', async () => {
    const { db } = t.database;
    expect(withdrawals).toHaveLength(2);
    // The database as it was before the migration: no check on the audit's date.
    await db.execute(sql`alter table "cohorts" drop constraint "cohorts_audit_date_check"`);
    const student = await t.signedInDirectly('client');
    const partner = await t.signedInDirectly('partner');

    // Certificates of cohorts that start on 5 January 2026 (the fixture's).
    const early = await insertIssuedCertificate(t, { profileId: student.profileId, auditedAt: new Date('2025-12-29T08:00:00Z') });
    const onTheDay = await insertIssuedCertificate(t, { profileId: student.profileId, auditedAt: new Date('2026-01-04T21:00:00Z') });
    const plain = await insertIssuedCertificate(t, { profileId: student.profileId });
    const [earlyCohort] = await db
      .insert(cohorts)
      .values({
        courseId: 'cpo',
        startDate: '2026-09-14',
        endDate: '2026-09-28',
        audited: true,
        auditedBy: partner.profileId,
        auditedAt: new Date('2026-09-07T08:00:00Z'),
      })
      .returning();
    const [laterCohort] = await db
      .insert(cohorts)
      .values({
        courseId: 'cpo',
        startDate: '2026-09-14',
        endDate: '2026-09-28',
        audited: true,
        auditedBy: partner.profileId,
        auditedAt: new Date('2026-09-29T08:00:00Z'),
      })
      .returning();

    for (const statement of withdrawals) await db.execute(sql.raw(statement));
    await db.execute(sql.raw(dateCheck));

    const cert = async (id: string) => (await db.select().from(certificates).where(eq(certificates.id, id)))[0]!;
    expect(await cert(early.id)).toMatchObject({ cobranded: false, auditedAt: null });
    expect(await cert(onTheDay.id)).toMatchObject({ cobranded: true, auditedAt: new Date('2026-01-04T21:00:00Z') });
    expect(await cert(plain.id)).toMatchObject({ cobranded: false, auditedAt: null });
    const cohort = async (id: string) => (await db.select().from(cohorts).where(eq(cohorts.id, id)))[0]!;
    expect(await cohort(earlyCohort!.id)).toMatchObject({ audited: false, auditedBy: null, auditedAt: null });
    expect(await cohort(laterCohort!.id)).toMatchObject({ audited: true, auditedBy: partner.profileId, auditedAt: new Date('2026-09-29T08:00:00Z') });
  });
});
