/** SQL for public verification: throttled lookups of certificates by their printed reference. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { certificates } from '../../db/schema/certificates.ts';

/** What the public verify page shows of a certificate. */
export interface VerificationRecord {
  certificateRef: string;
  studentName: string;
  courseId: string;
  courseName: string;
  issueDate: string;
  expiresOn: string | null;
  cobranded: boolean;
  auditedAt: Date | null;
  fileId: string | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export interface CountedLookup {
  /** Lookups counted against the key in its window, this one included. */
  count: number;
  windowEndsAt: Date;
  /** The certificate, when the count is within `max` and the reference is known. */
  certificate: VerificationRecord | undefined;
}

/**
 * Counts lookups against their throttle keys (table auth_throttles: a counter that runs for a fixed
 * window from its first lookup) and, for each lookup whose count is within `max`, reads the
 * certificate by its reference through its unique index: one statement and one round trip for a
 * whole batch of lookups, answered in their order. Several lookups with one key in a batch count
 * one after another (the first gets the lower count). An ended window starts again. The count is
 * not worth a flush of the write-ahead log: the statement turns off synchronous commit for its own
 * transaction (a crash may forget the last moment's counts).
 */
export async function countAndFindCertificates(
  db: Executor,
  lookups: { key: string; ref: string }[],
  limit: { max: number; windowSeconds: number; now: Date },
): Promise<CountedLookup[]> {
  const at = sql`${limit.now.toISOString()}::timestamptz`;
  const ends = sql`${new Date(limit.now.getTime() + limit.windowSeconds * 1000).toISOString()}::timestamptz`;
  const input = JSON.stringify(lookups.map(({ key, ref }, n) => ({ n, key, ref })));
  const statement = sql`
    with input as (
      select i.n, i.key, i.ref,
             row_number() over (partition by i.key order by i.n)::int as nth,
             (count(*) over (partition by i.key))::int as hits
      from jsonb_to_recordset(${input}::jsonb) as i(n int, key text, ref text)
    ),
    hit as (
      -- Keys in one order, so two batches that share keys lock their rows in the same order.
      insert into auth_throttles as t (key, count, window_ends_at)
      select key, count(*)::int, ${ends} from input group by key order by key
      on conflict (key) do update set
        count = case when t.window_ends_at <= ${at} then excluded.count else t.count + excluded.count end,
        window_ends_at = case when t.window_ends_at <= ${at} then excluded.window_ends_at else t.window_ends_at end,
        notified_at = case when t.window_ends_at <= ${at} then null else t.notified_at end
      returning t.key, t.count, t.window_ends_at
    ),
    counted as (
      select input.n, input.ref, hit.count - input.hits + input.nth as count, hit.window_ends_at
      from input join hit on hit.key = input.key
    )
    -- A lost count is harmless: the counter's write does not wait for the disk (this statement's
    -- transaction only, set in its rows' output so that it is surely evaluated).
    select set_config('synchronous_commit', 'off', true) as "relaxed", counted.n, counted.count, counted.window_ends_at as "windowEndsAt",
           c.certificate_ref as "certificateRef", c.student_name as "studentName", e.course_id as "courseId",
           c.course_name as "courseName", c.issue_date::text as "issueDate", c.expires_on::text as "expiresOn",
           c.cobranded, c.audited_at as "auditedAt", c.file_id as "fileId", c.revoked_at as "revokedAt",
           c.revoked_reason as "revokedReason"
    from counted
    left join ${certificates} c on c.certificate_ref = counted.ref and counted.count <= ${limit.max}
    left join ${enrollments} e on e.id = c.enrollment_id
    order by counted.n`;
  type Row = {
    n: number;
    count: number | string;
    windowEndsAt: Date | string;
    certificateRef: string | null;
    studentName: string;
    courseId: string;
    courseName: string;
    issueDate: string;
    expiresOn: string | null;
    cobranded: boolean;
    auditedAt: Date | string | null;
    fileId: string | null;
    revokedAt: Date | string | null;
    revokedReason: string | null;
  };
  // Named: each pooled connection parses and plans it once, as the ceiling does (re-planning it at
  // each lookup cost more than half the throughput of the busiest path that writes). Its text is
  // the same for any number of lookups: they travel as one JSON value.
  const rows = await executeNamed<Row>(db, statement, 'certificate_verify_lookups');
  if (rows.length !== lookups.length) throw new Error(`the throttle counter returned ${rows.length} row(s) for ${lookups.length} lookup(s)`);
  const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  const toDateOrNull = (v: Date | string | null) => (v === null ? null : toDate(v));
  return rows.map((row) => ({
    count: Number(row.count),
    windowEndsAt: toDate(row.windowEndsAt),
    certificate:
      row.certificateRef === null
        ? undefined
        : {
            certificateRef: row.certificateRef,
            studentName: row.studentName,
            courseId: row.courseId,
            courseName: row.courseName,
            issueDate: row.issueDate,
            expiresOn: row.expiresOn,
            cobranded: row.cobranded,
            auditedAt: toDateOrNull(row.auditedAt),
            fileId: row.fileId,
            revokedAt: toDateOrNull(row.revokedAt),
            revokedReason: row.revokedReason,
          },
  }));
}

/** Counters whose window has ended (any kind): their rows can go. */
export async function deleteEndedThrottles(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`delete from auth_throttles where window_ends_at < ${now.toISOString()}::timestamptz`);
}
