/**
 * The audit trail in the words of the office: the trail keeps ids (decision 011: rows are never
 * changed, and hold no copy of anyone's personal data), and a page of it is read with the names
 * those ids stand for as they are now: a booking's reference, a person's name ('Deleted user' once
 * their account is gone), a course's title, a cohort's course and first day. Each row gets its
 * record's name and a copy of its before and after with every id it knows replaced by a name and
 * its key said as a person would ('guardProfileIds' → 'guards').
 */
import { dayText } from '@ops/shared/domain/date-text';
import type { Executor } from '../../db/client.ts';
import { findActivityNames, type NameKind } from './admin-activity.repo.ts';

/** Ids in the trail's before and after, by the key they are kept under, and how the key is said. */
const ID_KEYS: Record<string, { kind: NameKind; shown: string } | null> = {
  guardProfileIds: { kind: 'profile', shown: 'guards' },
  guardProfileId: { kind: 'profile', shown: 'guard' },
  clientProfileIds: { kind: 'profile', shown: 'clients' },
  profileIds: { kind: 'profile', shown: 'people' },
  profileId: { kind: 'profile', shown: 'person' },
  actor: { kind: 'profile', shown: 'by' },
  subject: { kind: 'profile', shown: 'about' },
  bookingIds: { kind: 'booking', shown: 'bookings' },
  bookingId: { kind: 'booking', shown: 'booking' },
  releasedBookingIds: { kind: 'booking', shown: 'releasedBookings' },
  paymentIds: { kind: 'payment', shown: 'payments' },
  paymentId: { kind: 'payment', shown: 'payment' },
  enrollmentIds: { kind: 'enrollment', shown: 'enrolments' },
  enrollmentId: { kind: 'enrollment', shown: 'enrolment' },
  assessmentIds: { kind: 'assessment', shown: 'submissions' },
  assessmentId: { kind: 'assessment', shown: 'submission' },
  courseId: { kind: 'course', shown: 'course' },
  cohortId: { kind: 'cohort', shown: 'cohort' },
  fileId: { kind: 'file', shown: 'file' },
  certificateId: { kind: 'certificate', shown: 'certificate' },
  // A run's own id names nothing an operator knows: its cohort is the row's record.
  batchId: null,
};

/** The record a row is about, by its type. */
const RECORD_KINDS: Record<string, NameKind> = {
  guard: 'profile',
  profile: 'profile',
  booking: 'booking',
  payment: 'payment',
  enrollment: 'enrollment',
  assessment: 'assessment',
  course: 'course',
  cohort: 'cohort',
  certificate: 'certificate',
  session: 'session',
  announcement: 'announcement',
  material: 'file',
  guard_document: 'file',
};

export interface ActivityNaming {
  recordType: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
}

export interface ActivityNamed {
  recordName: string | null;
  readable: { before: unknown; after: unknown };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

type Wanted = Map<NameKind, Set<string>>;

function want(wanted: Wanted, kind: NameKind, ids: string[]) {
  let set = wanted.get(kind);
  if (!set) wanted.set(kind, (set = new Set()));
  for (const id of ids) set.add(id);
}

/** Every id under a known key, anywhere in a before or after. */
function gather(value: unknown, wanted: Wanted): void {
  if (Array.isArray(value)) {
    for (const item of value) gather(item, wanted);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const known = ID_KEYS[key];
    if (known) want(wanted, known.kind, idsOf(inner));
    else if (known === undefined) gather(inner, wanted);
  }
}

export interface NameBook {
  name(kind: NameKind, id: string, context: { inCohort: boolean }): string | null;
}

/** A before or after with its ids said as names; an id whose record is gone stays an id. */
function readable(value: unknown, book: NameBook, inCohort: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => readableItem(item, book, inCohort));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const known = ID_KEYS[key];
    if (known === null) continue;
    if (known) {
      const named = (id: string) => book.name(known.kind, id, { inCohort }) ?? id;
      out[known.shown] = Array.isArray(inner) ? idsOf(inner).map(named) : typeof inner === 'string' ? named(inner) : inner;
    } else {
      out[key] = readable(inner, book, inCohort);
    }
  }
  return out;
}

/** An item of a list ({ enrollmentId, status }) reads as one line: 'Amina Njeri: present'. */
function readableItem(item: unknown, book: NameBook, inCohort: boolean): unknown {
  if (!isPlainObject(item)) return readable(item, book, inCohort);
  const idKey = Object.keys(item).find((key) => ID_KEYS[key]);
  const rest = Object.entries(item).filter(([key]) => key !== idKey && ID_KEYS[key] !== null);
  if (!idKey || rest.some(([, v]) => typeof v === 'object' && v !== null)) return readable(item, book, inCohort);
  const known = ID_KEYS[idKey]!;
  const id = typeof item[idKey] === 'string' ? item[idKey] : '';
  const name = book.name(known.kind, id, { inCohort }) ?? id;
  return rest.length ? `${name}: ${rest.map(([, v]) => String(v)).join(', ')}` : name;
}

/** The names behind the ids of a page (or a CSV batch) of the trail, looked up together. */
export async function nameActivity<Row extends ActivityNaming>(db: Executor, rows: readonly Row[]): Promise<(Row & ActivityNamed)[]> {
  const wanted: Wanted = new Map();
  for (const row of rows) {
    const kind = RECORD_KINDS[row.recordType];
    if (kind && row.recordId) want(wanted, kind, [row.recordId]);
    gather(row.before, wanted);
    gather(row.after, wanted);
  }
  const found = await findActivityNames(db, wanted);
  const book: NameBook = {
    name(kind, id, { inCohort }) {
      if (kind === 'enrollment') {
        const enrolment = found.enrollments.get(id);
        // Within a cohort's row the course is the record's name already.
        return enrolment ? (inCohort ? enrolment.student : `${enrolment.student} (${enrolment.course})`) : null;
      }
      if (kind === 'cohort') {
        const cohort = found.cohorts.get(id);
        return cohort ? `${cohort.course}, ${dayText(cohort.startDate)}` : null;
      }
      if (kind === 'session') {
        const session = found.sessions.get(id);
        return session ? `${session.title}, ${dayText(session.day)}` : null;
      }
      return found.simple.get(kind)?.get(id) ?? null;
    },
  };
  return rows.map((row) => {
    const inCohort = row.recordType === 'cohort';
    const kind = RECORD_KINDS[row.recordType];
    return {
      ...row,
      recordName: kind && row.recordId ? book.name(kind, row.recordId, { inCohort: false }) : null,
      readable: { before: readable(row.before, book, inCohort), after: readable(row.after, book, inCohort) },
    };
  });
}
