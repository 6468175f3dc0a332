import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { StudentAssessmentDto, StudentOverviewDto } from '@ops/shared/schemas/student';
import { studentAssessments } from '../../db/schema/academy-training.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { docx, insertCohort, insertCourse, insertEnrollment, legacyDoc, pdf, pdfOfSize, zip } from '../../test/student-fixtures.ts';

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

const MB = 1024 * 1024;
const MISSING = 'Please fill in all fields and select a file';

interface Submission {
  enrollmentId?: string;
  title?: string;
  type?: string;
  file?: { bytes: Uint8Array; name: string };
}

function submit(client: TestClient, submission: Submission) {
  const form = new FormData();
  for (const key of ['enrollmentId', 'title', 'type'] as const) {
    const value = submission[key];
    if (value !== undefined) form.append(key, value);
  }
  if (submission.file) form.append('file', new Blob([submission.file.bytes]), submission.file.name);
  return client.request('/api/student/assessments', { method: 'POST', body: form });
}

async function submitted(client: TestClient, submission: Submission): Promise<StudentAssessmentDto> {
  const res = await submit(client, submission);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as StudentAssessmentDto;
}

async function storedBytes(): Promise<string[]> {
  const entries = await readdir(t.files.root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) if ((await stat(join(t.files.root, entry))).isFile()) files.push(entry);
  return files.sort();
}
const spooledUploads = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('ops-upload-'));

/** What a refused submission must leave as it was: every table's rows, the stored bytes, the temporary folder. */
async function snapshot() {
  return { rows: await rowCounts(t.database.db), files: await storedBytes(), spooled: await spooledUploads() };
}

async function studentOf(course = 'cpo') {
  const { db } = t.database;
  await insertCourse(db, course, 'Close Protection Officer');
  const cohort = await insertCohort(db, course);
  const student = await t.signedInDirectly('client');
  const enrollmentId = await insertEnrollment(db, { profileId: student.profileId, courseId: course, cohortId: cohort });
  return { ...student, enrollmentId, cohort };
}

describe('a student submits an assessment', () => {
  it.each([
    ['a PDF', pdf(), 'Report.pdf', 'application/pdf', 'Report.pdf'],
    ['a DOCX', docx(), 'Risk assessment.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Risk assessment.docx'],
    ['a ZIP', zip(), 'Site plan.zip', 'application/zip', 'Site plan.zip'],
    ['a Word 97 DOC', legacyDoc(), 'Essay.doc', 'application/x-cfb', 'Essay.doc'],
  ])('takes %s, lists it as Pending Review and gives it back byte for byte', async (_what, bytes, name, contentType, savedAs) => {
    const student = await studentOf();
    const saved = await submitted(student.client, {
      enrollmentId: student.enrollmentId,
      title: 'Week 2 assignment',
      type: 'project',
      file: { bytes, name },
    });
    expect(saved).toMatchObject({
      enrollmentId: student.enrollmentId,
      courseId: 'cpo',
      courseTitle: 'Close Protection Officer',
      title: 'Week 2 assignment',
      type: 'project',
      status: 'submitted',
      grade: null,
      feedback: null,
      fileName: name,
      fileUrl: `/api/student/assessments/${saved.id}/file`,
    });

    const overview = (await (await student.client.get('/api/student/overview')).json()) as StudentOverviewDto;
    expect(overview.stats.assessments).toBe(1);
    expect(overview.assessments).toEqual([saved]);

    const file = await student.client.get(saved.fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(contentType);
    expect(file.headers.get('content-disposition')).toContain(`filename="${savedAs}"`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);

    const other = await t.signedInDirectly('client');
    expect((await other.client.get(saved.fileUrl)).status).toBe(404);
    expect((await t.client().get(saved.fileUrl)).status).toBe(401);
  });

  it.each([
    ['plain text', Buffer.from('These are my answers, typed in a text editor.')],
    ['an HTML page', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
  ])('refuses %s named .pdf, keeping nothing', async (_what, bytes) => {
    const student = await studentOf();
    const before = await snapshot();
    const res = await submit(student.client, {
      enrollmentId: student.enrollmentId,
      title: 'Essay',
      type: 'assignment',
      file: { bytes, name: 'essay.pdf' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please upload a PDF, DOC, DOCX or ZIP file.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a 21 MB file while it arrives with 413, keeping no row and no bytes; 20 MB is taken', async () => {
    const student = await studentOf();
    const before = await snapshot();
    const res = await submit(student.client, {
      enrollmentId: student.enrollmentId,
      title: 'Thesis',
      type: 'project',
      file: { bytes: pdfOfSize(21 * MB), name: 'thesis.pdf' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).message).toBe('The file is larger than 20 MB.');
    expect(await snapshot()).toEqual(before);

    const exactly = await submitted(student.client, {
      enrollmentId: student.enrollmentId,
      title: 'Thesis',
      type: 'project',
      file: { bytes: pdfOfSize(20 * MB), name: 'thesis.pdf' },
    });
    expect(exactly.status).toBe('submitted');
  });

  it('asks for every field and a file', async () => {
    const student = await studentOf();
    const before = await snapshot();
    const complete: Submission = { enrollmentId: student.enrollmentId, title: 'Essay', type: 'exam', file: { bytes: pdf(), name: 'essay.pdf' } };
    for (const missing of ['enrollmentId', 'title', 'type', 'file'] as const) {
      const res = await submit(student.client, { ...complete, [missing]: undefined });
      expect(res.status, missing).toBe(400);
      expect(((await res.json()) as ApiErrorBody).message, missing).toBe(MISSING);
    }
    const blankTitle = await submit(student.client, { ...complete, title: '   ' });
    expect(((await blankTitle.json()) as ApiErrorBody).message).toBe(MISSING);
    const oddType = await submit(student.client, { ...complete, type: 'essay' });
    expect(oddType.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another student's enrolment (404), a rejected enrolment (409) and a guest (401), keeping nothing", async () => {
    const amina = await studentOf();
    const { db } = t.database;
    const otieno = await t.signedInDirectly('client');
    const rejectedId = await insertEnrollment(db, {
      profileId: otieno.profileId,
      courseId: 'cpo',
      cohortId: amina.cohort,
      status: 'rejected',
      paid: false,
    });
    const file = { bytes: pdf(), name: 'work.pdf' };
    const before = await snapshot();

    const theirs = await submit(otieno.client, { enrollmentId: amina.enrollmentId, title: 'Not mine', type: 'assignment', file });
    expect(theirs.status).toBe(404);
    const madeUp = await submit(otieno.client, { enrollmentId: 'not-an-id', title: 'Made up', type: 'assignment', file });
    expect(madeUp.status).toBe(404);
    const closed = await submit(otieno.client, { enrollmentId: rejectedId, title: 'Closed', type: 'assignment', file });
    expect(closed.status).toBe(409);
    const guest = await submit(t.client(), { enrollmentId: amina.enrollmentId, title: 'Guest', type: 'assignment', file });
    expect(guest.status).toBe(401);

    expect(await snapshot()).toEqual(before);
    const overview = (await (await amina.client.get('/api/student/overview')).json()) as StudentOverviewDto;
    expect(overview.assessments).toEqual([]);
  });

  it('shows each student only their own submissions, newest first, with the grade, its result and the feedback once marked', async () => {
    const amina = await studentOf();
    const first = await submitted(amina.client, {
      enrollmentId: amina.enrollmentId,
      title: 'First',
      type: 'assignment',
      file: { bytes: pdf('1'), name: 'a.pdf' },
    });
    const second = await submitted(amina.client, {
      enrollmentId: amina.enrollmentId,
      title: 'Second',
      type: 'exam',
      file: { bytes: pdf('2'), name: 'b.pdf' },
    });
    // Grading belongs to the console; here the row is marked directly to see what the student is shown.
    await t.database.db
      .update(studentAssessments)
      .set({ status: 'graded', grade: '45%', passed: false, feedback: 'Clear and well argued.' })
      .where(eq(studentAssessments.id, first.id));
    const otieno = await t.signedInDirectly('client');
    const his = (await (await otieno.client.get('/api/student/overview')).json()) as StudentOverviewDto;
    expect(his.assessments).toEqual([]);
    expect(his.stats.assessments).toBe(0);

    const hers = (await (await amina.client.get('/api/student/overview')).json()) as StudentOverviewDto;
    // The result (pass or fail) comes with the grade.
    expect(hers.assessments.map((a) => [a.id, a.status, a.grade, a.passed, a.feedback])).toEqual([
      [second.id, 'submitted', null, null, null],
      [first.id, 'graded', '45%', false, 'Clear and well argued.'],
    ]);
  });
});
