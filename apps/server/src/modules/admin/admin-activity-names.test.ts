/**
 * Activity reads like a log: each row names its record and the people and records in its change
 * (references, names, course titles), never raw ids; and a list looked at again with the same
 * filters and the same people in it is on the trail once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRow, AdminActivityPage } from '@ops/shared/schemas/admin';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { insertBooking, insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { recordAudit } from '../audit/audit.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin', { fullName: 'Grace Wanjiru' });
});
afterEach(() => t.close());

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function insertCourse(id: string, title: string) {
  await t.database.db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 2,
    price: 18_000,
    level: 'Beginner',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 20,
  });
}

async function insertCohort(courseId: string, startDate: string): Promise<string> {
  const [row] = await t.database.db
    .insert(cohorts)
    .values({ courseId, startDate, endDate: '2027-03-12', capacity: 20, status: 'completed' })
    .returning({ id: cohorts.id });
  return row!.id;
}

async function enrol(cohortId: string, courseId: string, profileId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(enrollments)
    .values({ profileId, courseId, cohortId, coursePrice: 18_000, paymentMethod: 'intasend', status: 'active', paymentStatus: 'paid' })
    .returning({ id: enrollments.id });
  return row!.id;
}

async function scene() {
  const db = t.database.db;
  const client = await t.signedInDirectly('client', { fullName: 'Wanjiru Kamau', isCompany: true, companyName: 'Kilimani Heights Ltd' });
  const peter = await insertGuard(db, { fullName: 'Peter Ochieng' });
  const bookingId = await insertBooking(db, { clientProfileId: client.profileId, status: 'confirmed' });
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  await db.insert(payments).values({
    bookingId,
    payerProfileId: client.profileId,
    provider: 'sandbox',
    method: 'mpesa',
    amount: 9600,
    status: 'paid',
    paidAt: new Date(),
    apiRef: 'names-1',
    providerRef: 'SBXNAMES1',
  });
  await insertCourse('event-security', 'Event Security');
  const cohortId = await insertCohort('event-security', '2027-03-01');
  const amina = await t.signedInDirectly('client', { fullName: 'Amina Njeri' });
  const enrollmentId = await enrol(cohortId, 'event-security', amina.profileId);
  return { client, peter, booking: booking!, cohortId, enrollmentId, amina };
}

async function activity(query = 'pageSize=50'): Promise<ActivityRow[]> {
  const res = await admin.client.get(`/api/admin/activity?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminActivityPage).items;
}

const rowOf = (rows: ActivityRow[], action: string) => {
  const row = rows.find((r) => r.action === action);
  expect(row, action).toBeDefined();
  return row!;
};

describe('Activity names what each row is about', () => {
  it('shows references, names and course titles where the trail keeps ids', async () => {
    const { client, peter, booking, cohortId, enrollmentId } = await scene();
    const actor = { profileId: admin.profileId, clientIp: null };
    // What the console's reads and actions write.
    expect((await admin.client.get('/api/admin/bookings')).status).toBe(200);
    expect((await admin.client.get('/api/admin/payments')).status).toBe(200);
    expect((await admin.client.get('/api/admin/clients')).status).toBe(200);
    expect((await admin.client.get('/api/admin/training/enrollments')).status).toBe(200);
    expect((await admin.client.get(`/api/admin/training/cohorts/${cohortId}/certificate-candidates`)).status).toBe(200);
    await recordAudit(t.database.db, {
      actor,
      action: 'booking.staff',
      recordType: 'booking',
      recordId: booking.id,
      subjectProfileId: client.profileId,
      before: { guardProfileIds: [] },
      after: { guardProfileIds: [peter], teamSize: 1 },
    });
    await recordAudit(t.database.db, {
      actor,
      action: 'attendance.record',
      recordType: 'cohort',
      recordId: cohortId,
      before: { sessionDate: '2027-03-02', marks: [] },
      after: { sessionDate: '2027-03-02', marks: [{ enrollmentId, status: 'present' }] },
    });
    await recordAudit(t.database.db, {
      actor,
      action: 'announcement.create',
      recordType: 'announcement',
      recordId: crypto.randomUUID(),
      after: { courseId: 'event-security', title: 'Bring your ID', priority: 'normal' },
    });
    await recordAudit(t.database.db, {
      actor,
      action: 'certificate.batch',
      recordType: 'cohort',
      recordId: cohortId,
      after: { batchId: crypto.randomUUID(), total: 1 },
    });

    const rows = await activity();
    for (const row of rows) expect(JSON.stringify([row.recordName, row.readable]), row.action).not.toMatch(UUID);

    expect(rowOf(rows, 'booking.list').readable.after).toMatchObject({ bookings: [booking.reference] });
    expect(rowOf(rows, 'payment.list').readable.after).toMatchObject({ payments: [booking.reference] });
    expect(rowOf(rows, 'client.list').readable.after).toMatchObject({ clients: expect.arrayContaining(['Wanjiru Kamau', 'Amina Njeri']) });
    expect(rowOf(rows, 'enrollment.list').readable.after).toMatchObject({ enrolments: ['Amina Njeri (Event Security)'] });
    const candidates = rowOf(rows, 'certificate.candidates');
    expect(candidates.recordName).toBe('Event Security, Mar 01, 2027');
    expect(candidates.readable.after).toEqual({ enrolments: ['Amina Njeri'] });
    const staffed = rowOf(rows, 'booking.staff');
    expect(staffed.recordName).toBe(booking.reference);
    expect(staffed.readable).toEqual({ before: { guards: [] }, after: { guards: ['Peter Ochieng'], teamSize: 1 } });
    expect(rowOf(rows, 'attendance.record').readable.after).toEqual({ sessionDate: '2027-03-02', marks: ['Amina Njeri: present'] });
    expect(rowOf(rows, 'announcement.create').readable.after).toEqual({ course: 'Event Security', title: 'Bring your ID', priority: 'normal' });
    expect(rowOf(rows, 'certificate.batch').readable.after).toEqual({ total: 1 });

    // The stored row itself is unchanged: ids, for the record.
    expect(staffed.after).toEqual({ guardProfileIds: [peter], teamSize: 1 });
  });

  it('puts the record’s name in the CSV beside its id', async () => {
    const { booking, client, peter } = await scene();
    await recordAudit(t.database.db, {
      actor: { profileId: admin.profileId, clientIp: null },
      action: 'booking.staff',
      recordType: 'booking',
      recordId: booking.id,
      subjectProfileId: client.profileId,
      after: { guardProfileIds: [peter] },
    });
    const res = await admin.client.get('/api/admin/activity.csv?action=booking.staff');
    const [header, line] = (await res.text()).trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('Record name');
    expect(line!.split(',')[columns.indexOf('Record name')]).toBe(booking.reference);
  });
});

describe('reads of a list on the trail', () => {
  const candidateReads = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'certificate.candidates'), eq(auditEvents.actorProfileId, admin.profileId)));

  it('records opening the certificates tab once for the same cohort and the same students, again when either changes', async () => {
    const { cohortId } = await scene();
    const open = async (id: string) => expect((await admin.client.get(`/api/admin/training/cohorts/${id}/certificate-candidates`)).status).toBe(200);

    await open(cohortId);
    await open(cohortId);
    await open(cohortId);
    expect(await candidateReads()).toHaveLength(1);

    // Another cohort is another view.
    await insertCourse('cpo', 'Certified Protection Officer');
    const other = await insertCohort('cpo', '2027-02-01');
    await open(other);
    expect(await candidateReads()).toHaveLength(2);

    // The same cohort showing another student is another read.
    const brian = await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
    await enrol(cohortId, 'event-security', brian.profileId);
    await open(cohortId);
    expect(await candidateReads()).toHaveLength(3);

    // Another admin's look is their own.
    const other2 = await t.signedInDirectly('admin');
    expect((await other2.client.get(`/api/admin/training/cohorts/${cohortId}/certificate-candidates`)).status).toBe(200);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'certificate.candidates'))).toHaveLength(4);
  });

  it('records a list again under other filters, and a person’s own record every time it is opened', async () => {
    await scene();
    await admin.client.get('/api/admin/bookings');
    await admin.client.get('/api/admin/bookings');
    await admin.client.get('/api/admin/bookings?status=confirmed');
    const lists = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.list'));
    expect(lists).toHaveLength(2);

    const guard = await insertGuard(t.database.db, { fullName: 'Mary Auma' });
    await admin.client.get(`/api/admin/guards/${guard}`);
    await admin.client.get(`/api/admin/guards/${guard}`);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'guard.read'))).toHaveLength(2);
  });
});
