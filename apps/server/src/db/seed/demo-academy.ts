/** The academy: catalogue, cohorts (one past and audited), the student's enrolments, classes and news. */
import type { COHORT_STATUSES } from '@ops/shared/constants';
import type { Transaction } from '../client.ts';
import { cohorts, courses } from '../schema/academy-courses.ts';
import { enrollments } from '../schema/academy-enrollments.ts';
import { attendance, cohortSchedules, courseAnnouncements } from '../schema/academy-training.ts';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import { payments } from '../schema/payments.ts';
import { addDays, isoDate, mondayOffset, nairobiAt } from './demo-dates.ts';
import { COURSE_CATALOGUE } from './course-catalogue.ts';
import { DEMO_ACCOUNTS, type DemoProfiles } from './demo-people.ts';

const LOCATION = 'Nairobi Training Centre, Westlands';
const CASH_DEADLINE_DAYS = 7;

type CohortKey = 'cpoNow' | 'cpoNext' | 'cpoLater' | 'basicPast' | 'basicNext' | 'basicLater' | 'execNext' | 'execLater' | 'eventNext' | 'eventLater';

interface DemoCohort {
  key: CohortKey;
  courseId: string;
  /** Starts on the Monday of the week this many weeks from now (negative: already started). */
  startWeeks: number;
  capacity: number;
  status: (typeof COHORT_STATUSES)[number];
  instructor: string;
  notes?: string;
  /** Audited by the partner this many days after the cohort's first day (never before it). */
  auditedOnDay?: number;
  auditNotes?: string;
}

const DEMO_COHORTS: DemoCohort[] = [
  {
    key: 'cpoNow',
    courseId: 'cpo',
    startWeeks: -2,
    capacity: 15,
    status: 'ongoing',
    instructor: 'Maj. (Rtd) John Kiptoo',
    auditedOnDay: 3,
  },
  { key: 'cpoNext', courseId: 'cpo', startWeeks: 3, capacity: 15, status: 'open', instructor: 'Maj. (Rtd) John Kiptoo' },
  { key: 'cpoLater', courseId: 'cpo', startWeeks: 10, capacity: 15, status: 'upcoming', instructor: 'Insp. (Rtd) Patrick Mwenda' },
  {
    key: 'basicPast',
    courseId: 'basic-security',
    startWeeks: -10,
    capacity: 25,
    status: 'completed',
    instructor: 'Rose Achieng Owuor',
    notes: 'All trainees sat the final practical assessment.',
    auditedOnDay: 11,
    auditNotes: 'Observed the final practical assessment at the Westlands centre; attendance registers and graded scripts checked.',
  },
  { key: 'basicNext', courseId: 'basic-security', startWeeks: 1, capacity: 25, status: 'open', instructor: 'Rose Achieng Owuor' },
  { key: 'basicLater', courseId: 'basic-security', startWeeks: 6, capacity: 25, status: 'upcoming', instructor: 'Rose Achieng Owuor' },
  {
    key: 'execNext',
    courseId: 'executive-protection',
    startWeeks: 4,
    capacity: 12,
    status: 'open',
    instructor: 'Ahmed Yusuf Farah',
    notes: 'Motorcade drills at the Kasarani training ground in week 3.',
  },
  {
    key: 'execLater',
    courseId: 'executive-protection',
    startWeeks: 12,
    capacity: 12,
    status: 'upcoming',
    instructor: 'Ahmed Yusuf Farah',
  },
  {
    key: 'eventNext',
    courseId: 'event-security',
    startWeeks: 2,
    capacity: 20,
    status: 'open',
    instructor: 'Insp. (Rtd) Patrick Mwenda',
  },
  {
    key: 'eventLater',
    courseId: 'event-security',
    startWeeks: 8,
    capacity: 20,
    status: 'upcoming',
    instructor: 'Insp. (Rtd) Patrick Mwenda',
  },
];

function courseOf(courseId: string) {
  const course = COURSE_CATALOGUE.find((c) => c.id === courseId);
  if (!course) throw new Error(`unknown demo course ${courseId}`);
  return course;
}

interface InsertedCohort {
  id: string;
  courseId: string;
  start: Date;
  instructor: string;
}

type CohortLookup = (key: CohortKey) => InsertedCohort;

async function insertCohorts(tx: Transaction, people: DemoProfiles, now: Date): Promise<CohortLookup> {
  const inserted = new Map<CohortKey, InsertedCohort>();
  for (const cohort of DEMO_COHORTS) {
    const startDay = mondayOffset(now, cohort.startWeeks);
    const start = nairobiAt(now, startDay, 0);
    const end = nairobiAt(now, startDay + courseOf(cohort.courseId).durationWeeks * 7, 0);
    const auditedAt = cohort.auditedOnDay === undefined ? null : nairobiAt(now, startDay + cohort.auditedOnDay, 15);
    const [row] = await tx
      .insert(cohorts)
      .values({
        courseId: cohort.courseId,
        startDate: isoDate(start),
        endDate: isoDate(end),
        capacity: cohort.capacity,
        status: cohort.status,
        instructor: cohort.instructor,
        location: LOCATION,
        notes: cohort.notes ?? null,
        audited: auditedAt !== null,
        auditedBy: auditedAt ? people.partner : null,
        auditedAt,
        auditNotes: cohort.auditNotes ?? null,
        createdAt: addDays(now, -120),
        updatedAt: auditedAt ?? addDays(now, -120),
      })
      .returning({ id: cohorts.id });
    if (!row) throw new Error(`demo cohort ${cohort.key} not created`);
    inserted.set(cohort.key, { id: row.id, courseId: cohort.courseId, start, instructor: cohort.instructor });
  }
  return (key) => {
    const cohort = inserted.get(key);
    if (!cohort) throw new Error(`demo cohort ${key} missing`);
    return cohort;
  };
}

/**
 * A course fee paid online, as the built-in sandbox takes one on a fresh install (no IntaSend keys):
 * the payment record and the sandbox's own record of it, approved, so the console can refund it
 * (cancelling a paid enrolment gives 95% back through the provider).
 */
async function insertOnlineFee(
  tx: Transaction,
  fee: { enrollmentId: string; payer: string; course: { title: string; price: number }; apiRef: string; providerRef: string; at: Date },
) {
  const [payment] = await tx
    .insert(payments)
    .values({
      enrollmentId: fee.enrollmentId,
      payerProfileId: fee.payer,
      provider: 'sandbox',
      method: 'mpesa',
      amount: fee.course.price,
      status: 'paid',
      apiRef: fee.apiRef,
      providerRef: fee.providerRef,
      phone: DEMO_ACCOUNTS.student.phone,
      paidAt: fee.at,
      createdAt: fee.at,
      updatedAt: fee.at,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error(`demo fee ${fee.apiRef} not created`);
  await createDbSandboxStore(tx).create({
    providerRef: fee.providerRef,
    apiRef: fee.apiRef,
    amountKes: fee.course.price,
    method: 'mpesa',
    phone: DEMO_ACCOUNTS.student.phone,
    email: DEMO_ACCOUNTS.student.email,
    narrative: `Course fee: ${fee.course.title}`,
    // Only its path and query are used (the page sends the tester back to the site it was opened on).
    redirectUrl: `http://localhost/student-dashboard?enrollment=${fee.enrollmentId}`,
    outcome: 'approved',
    failureReason: null,
    payerDetail: DEMO_ACCOUNTS.student.phone,
    createdAt: fee.at,
    decidedAt: fee.at,
    refunds: [],
  });
}

/** The student: CPO paid online (the sandbox's M-Pesa) and under way; Event Security to be paid in cash; Basic Security completed. */
async function insertEnrollments(tx: Transaction, people: DemoProfiles, cohort: CohortLookup, now: Date) {
  const cpo = courseOf('cpo');
  const enrolledAt = addDays(now, -30);
  const [active] = await tx
    .insert(enrollments)
    .values({
      profileId: people.student,
      courseId: 'cpo',
      cohortId: cohort('cpoNow').id,
      coursePrice: cpo.price,
      paymentMethod: 'intasend',
      phoneNumber: DEMO_ACCOUNTS.student.phone,
      status: 'active',
      paymentStatus: 'paid',
      transactionId: 'SBX-KXQ7R2M',
      apiRef: 'ENR-CPO-4H7T2Q',
      createdAt: enrolledAt,
      updatedAt: enrolledAt,
    })
    .returning({ id: enrollments.id });
  if (!active) throw new Error('demo enrolment not created');
  await insertOnlineFee(tx, {
    enrollmentId: active.id,
    payer: people.student,
    course: cpo,
    apiRef: 'ENR-CPO-4H7T2Q',
    providerRef: 'SBX-KXQ7R2M',
    at: enrolledAt,
  });

  const event = courseOf('event-security');
  await tx.insert(enrollments).values({
    profileId: people.student,
    courseId: 'event-security',
    cohortId: cohort('eventNext').id,
    coursePrice: event.price,
    paymentMethod: 'cash',
    status: 'pending_cash',
    paymentStatus: 'pending_cash',
    paymentDeadline: isoDate(addDays(cohort('eventNext').start, -CASH_DEADLINE_DAYS)),
    createdAt: addDays(now, -1),
    updatedAt: addDays(now, -1),
  });
  // Basic Security, finished ten weeks ago: paid, attended well, no certificate yet (the console's
  // Certificates tab shows her as qualifying for one).
  const basic = courseOf('basic-security');
  const finishedAt = addDays(now, -100);
  const [completed] = await tx
    .insert(enrollments)
    .values({
      profileId: people.student,
      courseId: 'basic-security',
      cohortId: cohort('basicPast').id,
      coursePrice: basic.price,
      paymentMethod: 'intasend',
      phoneNumber: DEMO_ACCOUNTS.student.phone,
      status: 'completed',
      paymentStatus: 'paid',
      transactionId: 'SBX-QJH4T8N',
      apiRef: 'ENR-BSC-9P3K6W',
      createdAt: finishedAt,
      updatedAt: finishedAt,
    })
    .returning({ id: enrollments.id });
  if (!completed) throw new Error('demo completed enrolment not created');
  await insertOnlineFee(tx, {
    enrollmentId: completed.id,
    payer: people.student,
    course: basic,
    apiRef: 'ENR-BSC-9P3K6W',
    providerRef: 'SBX-QJH4T8N',
    at: finishedAt,
  });
  return { activeEnrollmentId: active.id, completedEnrollmentId: completed.id };
}

/**
 * Three guards enrolled in the next Executive Protection run, paying in cash at the office: one the
 * office has not reviewed yet, one approved with the fee still due, one paid (receipt RCPT-2291). The
 * cohort's 12 seats then read 3 taken and 'Only 9 spots left'; the console's 'Pending' filter has
 * work in it.
 */
async function insertGuardEnrollments(tx: Transaction, people: DemoProfiles, cohort: CohortLookup, now: Date) {
  const exec = courseOf('executive-protection');
  const next = cohort('execNext');
  const paymentDeadline = isoDate(addDays(next.start, -CASH_DEADLINE_DAYS));
  const guard = (n: number) => {
    const id = people.guards[n - 1];
    if (!id) throw new Error(`demo guard ${n} missing`);
    return id;
  };
  const base = { courseId: exec.id, cohortId: next.id, coursePrice: exec.price, paymentMethod: 'cash' as const, paymentDeadline };
  const enrolledAt = (daysAgo: number) => ({ createdAt: addDays(now, -daysAgo), updatedAt: addDays(now, -daysAgo) });
  await tx.insert(enrollments).values([
    { ...base, profileId: guard(1), status: 'pending_cash', paymentStatus: 'pending_cash', ...enrolledAt(2) },
    { ...base, profileId: guard(4), status: 'approved', paymentStatus: 'pending_cash', notes: 'Approved by admin', ...enrolledAt(6) },
  ]);
  const paidAt = addDays(now, -9);
  const [paid] = await tx
    .insert(enrollments)
    .values({
      ...base,
      profileId: guard(6),
      status: 'active',
      paymentStatus: 'paid',
      transactionId: 'RCPT-2291',
      createdAt: addDays(now, -12),
      updatedAt: paidAt,
    })
    .returning({ id: enrollments.id });
  if (!paid) throw new Error('demo guard cash enrolment not created');
  await tx.insert(payments).values({
    enrollmentId: paid.id,
    payerProfileId: guard(6),
    provider: 'office',
    method: 'cash',
    amount: exec.price,
    status: 'paid',
    apiRef: `CASH-${paid.id}`,
    providerRef: 'RCPT-2291',
    paidAt,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
}

/** Basic Security's six sessions for the student: five attended, one missed (83%, above the 80% threshold). */
async function insertCompletedAttendance(tx: Transaction, people: DemoProfiles, cohort: CohortLookup, enrollmentId: string, now: Date) {
  const startDay = mondayOffset(now, -10);
  const sessions: [number, string, 'present' | 'late' | 'absent'][] = [
    [0, 'Role of the Security Officer', 'present'],
    [2, 'Patrol and Observation', 'present'],
    [4, 'Access Control', 'late'],
    [7, 'Report Writing', 'present'],
    [9, 'Emergency Response', 'absent'],
    [11, 'Final Practical Assessment', 'present'],
  ];
  await tx.insert(attendance).values(
    sessions.map(([day, title, status]) => ({
      enrollmentId,
      profileId: people.student,
      courseId: cohort('basicPast').courseId,
      sessionDate: isoDate(nairobiAt(now, startDay + day, 8)),
      sessionTitle: title,
      status,
      recordedBy: people.admin,
      updatedAt: nairobiAt(now, startDay + day, 17),
    })),
  );
}

/** The demo guard who took Basic Security with the student: paid, present at every session; her certificate is issued at start-up. */
export const CERTIFIED_DEMO_GUARD_INDEX = 2;

async function insertCertifiedGuard(tx: Transaction, people: DemoProfiles, cohort: CohortLookup, now: Date) {
  const guardProfileId = people.guards[CERTIFIED_DEMO_GUARD_INDEX];
  if (!guardProfileId) throw new Error('demo guard for the certificate not found');
  const basic = courseOf('basic-security');
  const finishedAt = addDays(now, -101);
  const [enrolment] = await tx
    .insert(enrollments)
    .values({
      profileId: guardProfileId,
      courseId: 'basic-security',
      cohortId: cohort('basicPast').id,
      coursePrice: basic.price,
      paymentMethod: 'cash',
      status: 'completed',
      paymentStatus: 'paid',
      transactionId: 'CASH-0117',
      createdAt: finishedAt,
      updatedAt: finishedAt,
    })
    .returning({ id: enrollments.id });
  if (!enrolment) throw new Error('demo guard enrolment not created');
  // Paid at the office: the receipt is a payment record, as the console's "Mark paid" makes it.
  await tx.insert(payments).values({
    enrollmentId: enrolment.id,
    payerProfileId: guardProfileId,
    provider: 'office',
    method: 'cash',
    amount: basic.price,
    status: 'paid',
    apiRef: `CASH-${enrolment.id}`,
    providerRef: 'CASH-0117',
    paidAt: finishedAt,
    createdAt: finishedAt,
    updatedAt: finishedAt,
  });
  const startDay = mondayOffset(now, -10);
  await tx.insert(attendance).values(
    [0, 2, 4, 7, 9, 11].map((day) => ({
      enrollmentId: enrolment.id,
      profileId: guardProfileId,
      courseId: 'basic-security',
      sessionDate: isoDate(nairobiAt(now, startDay + day, 8)),
      status: 'present' as const,
      recordedBy: people.admin,
      updatedAt: nairobiAt(now, startDay + day, 17),
    })),
  );
}

export async function insertAcademy(tx: Transaction, people: DemoProfiles, now: Date): Promise<void> {
  await tx.insert(courses).values(COURSE_CATALOGUE.map((course) => ({ ...course, createdAt: addDays(now, -365), updatedAt: addDays(now, -365) })));
  const cohort = await insertCohorts(tx, people, now);
  const { activeEnrollmentId, completedEnrollmentId } = await insertEnrollments(tx, people, cohort, now);
  await insertCompletedAttendance(tx, people, cohort, completedEnrollmentId, now);
  await insertCertifiedGuard(tx, people, cohort, now);
  await insertGuardEnrollments(tx, people, cohort, now);

  // Classes in the coming weeks for the student's two courses.
  const nextMonday = mondayOffset(now, 1);
  const eventStart = mondayOffset(now, 2);
  const cpoClass = { courseId: 'cpo', cohortId: cohort('cpoNow').id, location: LOCATION, instructor: cohort('cpoNow').instructor };
  const eventClass = { courseId: 'event-security', cohortId: cohort('eventNext').id, location: LOCATION, instructor: cohort('eventNext').instructor };
  await tx.insert(cohortSchedules).values([
    {
      ...cpoClass,
      sessionTitle: 'First Aid and CPR',
      sessionDescription: 'Red Cross certified practical session. Wear comfortable clothing.',
      sessionDate: nairobiAt(now, nextMonday, 8),
      durationHours: 6,
    },
    {
      ...cpoClass,
      sessionTitle: 'Fire Safety and Evacuation Drill',
      sessionDescription: 'Extinguisher handling and a full building evacuation.',
      sessionDate: nairobiAt(now, nextMonday + 2, 8),
      durationHours: 4,
    },
    {
      ...cpoClass,
      sessionTitle: 'Bomb Threats and Suspicious Packages',
      sessionDescription: 'Guest lecture by a retired police explosives officer.',
      sessionDate: nairobiAt(now, nextMonday + 4, 9),
      durationHours: 3.5,
    },
    {
      ...cpoClass,
      sessionTitle: 'Incident Scene Preservation',
      sessionDescription: 'Week 5 opens with a mock crime scene.',
      sessionDate: nairobiAt(now, nextMonday + 7, 8),
      durationHours: 6,
    },
    {
      ...eventClass,
      sessionTitle: 'Orientation and Event Risk Assessments',
      sessionDescription: 'Welcome, course overview and your first risk assessment.',
      sessionDate: nairobiAt(now, eventStart, 9),
      durationHours: 5,
    },
    {
      ...eventClass,
      sessionTitle: 'Deployment Plans and Briefings',
      sessionDescription: null,
      sessionDate: nairobiAt(now, eventStart + 2, 9),
      durationHours: 5,
    },
  ]);

  await tx.insert(courseAnnouncements).values([
    // For the cohort under way (its students alone read it); the reading list is for every CPO cohort.
    {
      courseId: 'cpo',
      cohortId: cohort('cpoNow').id,
      title: 'Week 4 practicals move to the Kasarani grounds',
      content: 'Next Wednesday’s evacuation drill takes place at the Kasarani training grounds. Transport leaves the Westlands centre at 7:15 AM sharp.',
      priority: 'high',
      publishedAt: addDays(now, -1),
      authorProfileId: people.admin,
    },
    {
      courseId: 'cpo',
      title: 'Reading list for Investigations week',
      content: 'Please read chapters 3 to 5 of the course handbook before week 5. Copies are available at the front desk.',
      priority: 'normal',
      publishedAt: addDays(now, -4),
      authorProfileId: people.admin,
    },
    {
      courseId: 'event-security',
      title: 'Welcome to Event Security',
      content: 'Classes start at 9:00 AM on the first Monday. Bring your national ID and PSRA licence for registration.',
      priority: 'low',
      publishedAt: addDays(now, -2),
      authorProfileId: people.admin,
    },
  ]);

  const lastMonday = mondayOffset(now, -1);
  const attended = { enrollmentId: activeEnrollmentId, profileId: people.student, courseId: 'cpo', recordedBy: people.admin };
  await tx.insert(attendance).values([
    {
      ...attended,
      sessionDate: isoDate(nairobiAt(now, lastMonday, 8)),
      sessionTitle: 'Access Control Systems',
      status: 'present',
      updatedAt: nairobiAt(now, lastMonday, 17),
    },
    {
      ...attended,
      sessionDate: isoDate(nairobiAt(now, lastMonday + 2, 8)),
      sessionTitle: 'Patrol Planning',
      status: 'late',
      updatedAt: nairobiAt(now, lastMonday + 2, 17),
    },
  ]);
}
