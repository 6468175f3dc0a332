import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { formatDay } from '../academy/enrollment-notices.ts';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { PARTNER_TEXTS, type PartnerCohortDto, type PartnerCohortList, type PartnerMaterialList } from '@ops/shared/schemas/partner';
import type { Database } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { saveStoredFile } from '../files/files.service.ts';
import type { FileBucket } from '../files/files.service.ts';

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

async function insertCourse(db: Database, id: string, title: string, durationWeeks: number) {
  await db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks,
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

async function insertEnrollment(cohortId: string, profileId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(enrollments)
    .values({ profileId, courseId: 'cpo', cohortId, coursePrice: 45_000, paymentMethod: 'intasend', status: 'active', paymentStatus: 'paid' })
    .returning({ id: enrollments.id });
  return row!.id;
}

async function storeFile(bucket: FileBucket, name: string, values: { courseId?: string; cohortId?: string } = {}) {
  const bytes = Buffer.from(`%PDF-1.4\n${name}\n%%EOF\n`);
  const { row } = await saveStoredFile(
    t.deps,
    { bucket, ownerProfileId: null, courseId: values.courseId ?? null, originalName: name, contentType: 'application/pdf', sizeBytes: bytes.length },
    bytes,
    () => Promise.resolve(null),
  );
  if (values.cohortId) await t.database.db.update(storedFiles).set({ cohortId: values.cohortId }).where(eq(storedFiles.id, row.id));
  return { id: row.id, size: bytes.length };
}

const listCohorts = async () => ((await (await partner.client.get('/api/partner/cohorts')).json()) as PartnerCohortList).items;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;
/** A cohort that started a week ago (Nairobi), so it may be audited. */
const started = () => {
  const start = addDaysToDate(nairobiDate(new Date()), -7);
  return { startDate: start, endDate: addDaysToDate(start, 41) };
};
const cohortRow = async (id: string) => (await t.database.db.select().from(cohorts).where(eq(cohorts.id, id)))[0]!;
const auditRows = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'cohort.audit'));

describe('cohort reviews', () => {
  it('lists every cohort, latest start first, with its course, duration, seats and no audit yet', async () => {
    await insertCohort({ startDate: '2027-01-10', endDate: '2027-02-20', instructor: 'J. Mwangi', location: 'Nairobi' });
    const events = await insertCohort({ courseId: 'event-security', startDate: '2027-05-04', endDate: '2027-05-25', capacity: 30 });
    // Seats are the enrolments holding one (the database counts them).
    for (let i = 0; i < 4; i++) await insertEnrollment(events, (await t.signedInDirectly('client')).profileId);
    const res = await partner.client.get('/api/partner/cohorts');
    expect(res.status).toBe(200);
    const items = ((await res.json()) as PartnerCohortList).items;
    expect(items.map((c) => c.startDate)).toEqual(['2027-05-04', '2027-01-10']);
    expect(items[0]).toMatchObject({
      courseId: 'event-security',
      courseName: 'Event Security',
      durationWeeks: 3,
      capacity: 30,
      enrolledCount: 4,
      instructor: null,
      location: null,
      audited: false,
      auditedAt: null,
      auditedByName: null,
      attendancePercent: null,
      submissions: { graded: 0, passed: 0, total: 0 },
      cvs: [],
      photos: [],
    });
    expect(items[1]).toMatchObject({ courseName: 'Certified Protection Officer', durationWeeks: 6, instructor: 'J. Mwangi', location: 'Nairobi' });
  });

  it('shows each cohort’s attendance rate, graded submissions, CVs and photos as evidence', async () => {
    const cohortId = await insertCohort();
    const otherCohort = await insertCohort({ startDate: '2026-01-05', endDate: '2026-02-16' });
    const amina = await t.signedInDirectly('client');
    const brian = await t.signedInDirectly('client');
    const aminaSeat = await insertEnrollment(cohortId, amina.profileId);
    const brianSeat = await insertEnrollment(cohortId, brian.profileId);
    const rows: (typeof attendance.$inferInsert)[] = [
      { enrollmentId: aminaSeat, profileId: amina.profileId, courseId: 'cpo', sessionDate: '2027-03-02', status: 'present' },
      { enrollmentId: aminaSeat, profileId: amina.profileId, courseId: 'cpo', sessionDate: '2027-03-03', status: 'late' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-02', status: 'absent' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-03', status: 'present' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-04', status: 'excused' },
    ];
    await t.database.db.insert(attendance).values(rows);
    const essay = await storeFile('student-assessments', 'essay.pdf');
    const submission = { profileId: amina.profileId, courseId: 'cpo', assessmentType: 'assignment' as const, fileId: essay.id, fileName: 'essay.pdf' };
    await t.database.db.insert(studentAssessments).values([
      { ...submission, enrollmentId: aminaSeat, assessmentTitle: 'Risk essay', grade: 'A', passed: true, status: 'graded' },
      { ...submission, enrollmentId: brianSeat, assessmentTitle: 'Risk essay', grade: 'F', passed: false, status: 'graded' },
      { ...submission, enrollmentId: brianSeat, assessmentTitle: 'Drill report' },
    ]);
    const cv = await storeFile('instructor-cvs', 'Mwangi CV.pdf', { courseId: 'cpo', cohortId });
    const photo = await storeFile('facilities-photos', 'Range.pdf', { courseId: 'cpo', cohortId });

    const [reviewed, other] = await listCohorts();
    expect(reviewed).toMatchObject({
      id: cohortId,
      attendancePercent: 75,
      submissions: { graded: 2, passed: 1, total: 3 },
      cvs: [{ id: cv.id, name: 'Mwangi CV.pdf', sizeBytes: cv.size }],
      photos: [{ id: photo.id, name: 'Range.pdf', sizeBytes: photo.size }],
    });
    expect(other).toMatchObject({ id: otherCohort, attendancePercent: null, submissions: { total: 0 }, cvs: [], photos: [] });
  });

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

describe('course materials and files', () => {
  it('lists course materials with their course and size, and downloads them', async () => {
    const material = await storeFile('course-materials', 'Week 1 notes.pdf', { courseId: 'cpo' });
    const res = await partner.client.get('/api/partner/materials');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as PartnerMaterialList;
    expect(items).toEqual([
      expect.objectContaining({
        id: material.id,
        name: 'Week 1 notes.pdf',
        courseId: 'cpo',
        courseTitle: 'Certified Protection Officer',
        sizeBytes: material.size,
      }),
    ]);
    const download = await partner.client.get(`/api/partner/files/${material.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Week 1 notes.pdf"');
    expect(await download.text()).toContain('Week 1 notes.pdf');
  });

  it('answers an empty list when there are no materials', async () => {
    expect(((await (await partner.client.get('/api/partner/materials')).json()) as PartnerMaterialList).items).toEqual([]);
  });

  it('downloads CVs and photos but never guard documents, assessments or certificates', async () => {
    const cohortId = await insertCohort();
    const cv = await storeFile('instructor-cvs', 'cv.pdf', { courseId: 'cpo', cohortId });
    const photo = await storeFile('facilities-photos', 'hall.pdf', { courseId: 'cpo', cohortId });
    expect((await partner.client.get(`/api/partner/files/${cv.id}`)).status).toBe(200);
    expect((await partner.client.get(`/api/partner/files/${photo.id}`)).status).toBe(200);
    for (const bucket of ['guard-documents', 'student-assessments', 'certificates'] as const) {
      const other = await storeFile(bucket, `${bucket}.pdf`);
      expect((await partner.client.get(`/api/partner/files/${other.id}`)).status, bucket).toBe(404);
    }
    expect((await partner.client.get(`/api/partner/files/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
