/** A partner's audit of a cohort: when it may be made, what it records, and that only one wins. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { PARTNER_TEXTS, type PartnerCohortDto } from '@ops/shared/schemas/partner';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { errorOf, insertCourse, partnerFixtures, started } from '../../test/partner-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { formatDay } from '../academy/enrollment-notices.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let partner: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  partner = await t.signedInDirectly('partner', { fullName: 'Grace Wanjiru' });
  await insertCourse(t.database.db, 'cpo', 'Certified Protection Officer', 6);
  await insertCourse(t.database.db, 'event-security', 'Event Security', 3);
});
afterEach(() => t.close());

const { insertCohort, listCohorts, cohortRow, auditRows } = partnerFixtures(
  () => t,
  () => partner.client,
);

describe('cohort reviews', () => {
  it('marks a started cohort audited by the partner at the server’s time, with the notes, its audit row, and only once', async () => {
    const cohortId = await insertCohort(started());
    const before = Date.now();
    const res = await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`, {
      auditedBy: crypto.randomUUID(),
      auditedAt: '2020-01-01T00:00:00Z',
      notes: '  Visited the range on day 3; registers and graded scripts checked.  ',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PartnerCohortDto;
    const notes = 'Visited the range on day 3; registers and graded scripts checked.';
    expect(body).toMatchObject({ id: cohortId, audited: true, auditedByName: 'Grace Wanjiru', auditNotes: notes, auditUnavailableReason: null });
    expect(Date.parse(body.auditedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.auditedAt!)).toBeLessThanOrEqual(Date.now());
    const row = await cohortRow(cohortId);
    expect(row).toMatchObject({ audited: true, auditedBy: partner.profileId, auditNotes: notes });
    expect(row.auditedAt!.toISOString()).toBe(body.auditedAt);
    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ recordId: cohortId, actorProfileId: partner.profileId, after: { audited: true, notes } });

    const again = await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`, { notes: 'A second opinion' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(PARTNER_TEXTS.alreadyAudited);
    expect((await partner.client.post(`/api/partner/cohorts/${crypto.randomUUID()}/audit`)).status).toBe(404);
    expect((await listCohorts())[0]).toMatchObject({ audited: true, auditedByName: 'Grace Wanjiru', auditNotes: notes });
    expect((await cohortRow(cohortId)).auditNotes).toBe(notes);

    // The admin reads the partner's notes in the console's cohorts.
    const admin = await t.signedInDirectly('admin');
    const list = (await (await admin.client.get('/api/admin/training/cohorts')).json()) as AdminCohortRow[];
    expect(list.find((c) => c.id === cohortId)).toMatchObject({ audited: true, auditNotes: notes });
  });

  it('audits without notes (no body at all, or blank notes) and keeps none', async () => {
    const bare = await insertCohort(started());
    const blank = await insertCohort(started());
    expect((await partner.client.post(`/api/partner/cohorts/${bare}/audit`)).status).toBe(200);
    const res = await partner.client.post(`/api/partner/cohorts/${blank}/audit`, { notes: '   ' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PartnerCohortDto).auditNotes).toBeNull();
    expect((await cohortRow(bare)).auditNotes).toBeNull();
    expect((await cohortRow(blank)).auditNotes).toBeNull();
  });

  it('refuses notes that are not text or too long with a field error, writing nothing', async () => {
    const cohortId = await insertCohort(started());
    for (const notes of ['x'.repeat(1001), 42, { text: 'hi' }]) {
      const res = await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`, { notes });
      expect(res.status, JSON.stringify(notes).slice(0, 20)).toBe(400);
      expect(((await res.json()) as ApiErrorBody).fields).toHaveProperty('notes');
    }
    expect(await cohortRow(cohortId)).toMatchObject({ audited: false, auditedBy: null, auditedAt: null, auditNotes: null });
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses to audit a cohort before its first day in Nairobi (409 with the day), writing nothing, and allows it from midnight', async () => {
    const cohortId = await insertCohort({ startDate: '2027-03-01', endDate: '2027-04-12' });
    // 23:59:59 on 28 February in Nairobi.
    t.deps.clock = () => new Date('2027-02-28T20:59:59Z');
    const early = await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`, { notes: 'Looks ready' });
    expect(early.status).toBe(409);
    const reason = 'This cohort starts on Mar 01, 2027. It can be audited once it has started.';
    expect(await errorOf(early)).toBe(reason);
    expect(await cohortRow(cohortId)).toMatchObject({ audited: false, auditedBy: null, auditedAt: null, auditNotes: null });
    expect(await auditRows()).toHaveLength(0);
    // The reviewer's list says why before they try.
    expect((await listCohorts())[0]).toMatchObject({ id: cohortId, audited: false, auditUnavailableReason: reason });

    // Midnight on 1 March in Nairobi: the cohort has started.
    t.deps.clock = () => new Date('2027-02-28T21:00:00Z');
    expect((await listCohorts())[0]).toMatchObject({ auditUnavailableReason: null });
    const res = await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`);
    expect(res.status).toBe(200);
    expect((await cohortRow(cohortId)).auditedAt!.toISOString()).toBe('2027-02-28T21:00:00.000Z');
  });

  it('lets the database refuse an audit dated before the cohort’s first day, whatever writes it', async () => {
    const cohortId = await insertCohort({ startDate: '2026-09-14', endDate: '2026-09-28' });
    await expect(
      t.database.db
        .update(cohorts)
        .set({ audited: true, auditedAt: new Date('2026-09-07T08:00:00Z') })
        .where(eq(cohorts.id, cohortId)),
    ).rejects.toThrow();
    await t.database.db
      .update(cohorts)
      .set({ audited: true, auditedAt: new Date('2026-09-20T08:00:00Z') })
      .where(eq(cohorts.id, cohortId));
    expect((await cohortRow(cohortId)).audited).toBe(true);
  });

  it('keeps an audited cohort’s start on or before its audit: the console refuses to move it later (409 on the field), nothing written', async () => {
    const { startDate, endDate } = started();
    const cohortId = await insertCohort({ startDate, endDate });
    expect((await partner.client.post(`/api/partner/cohorts/${cohortId}/audit`)).status).toBe(200);
    const { auditedAt } = await cohortRow(cohortId);
    const admin = await t.signedInDirectly('admin');
    const edit = (start: string) =>
      admin.client.put(`/api/admin/training/cohorts/${cohortId}`, { courseId: 'cpo', startDate: start, endDate, capacity: 15, status: 'ongoing' });
    const later = await edit(addDaysToDate(nairobiDate(new Date()), 1));
    expect(later.status).toBe(409);
    const message = `This cohort was audited on ${formatDay(nairobiDate(auditedAt!))}; it cannot start later than that.`;
    expect(((await later.json()) as ApiErrorBody).fields).toEqual({ startDate: message });
    expect(await cohortRow(cohortId)).toMatchObject({ startDate, status: 'upcoming', audited: true });
    // Earlier is fine: the audit still falls inside the cohort.
    expect((await edit(addDaysToDate(startDate, -2))).status).toBe(200);
  });

  it('lets exactly one of twenty simultaneous audits win, and records the winner', async () => {
    const cohortId = await insertCohort(started());
    const partners = await Promise.all(Array.from({ length: 20 }, (_, i) => t.signedInDirectly('partner', { fullName: `Auditor ${i}` })));
    const answers = await Promise.all(partners.map((p, i) => p.client.post(`/api/partner/cohorts/${cohortId}/audit`, { notes: `Auditor ${i}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = statuses.indexOf(200);
    const row = await cohortRow(cohortId);
    expect(row.auditedBy).toBe(partners[winner]!.profileId);
    expect(row.auditNotes).toBe(`Auditor ${winner}`);
    expect(await auditRows()).toHaveLength(1);
  });
});
