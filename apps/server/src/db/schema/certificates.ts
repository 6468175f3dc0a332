/** Certificates the academy issues, and the background runs that issue a whole cohort's. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CERTIFICATE_BATCH_STATUSES } from '@ops/shared/constants';
import { cohorts } from './academy-courses.ts';
import { enrollments } from './academy-enrollments.ts';
import { storedFiles } from './files.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/**
 * An issued certificate: a real PDF in the file store and a signed Open Badges 3.0 credential,
 * verifiable by its unguessable reference. A revoked certificate keeps its row (the verify page says
 * when and why); one certificate per enrolment.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    /** The student it was issued to (the enrolment's profile), for the guard's badge. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    certificateRef: text('certificate_ref').notNull(),
    studentName: text('student_name').notNull(),
    courseName: text('course_name').notNull(),
    issueDate: date('issue_date').notNull(),
    /** The last day it is valid, when the course sets a validity; null = does not expire. */
    expiresOn: date('expires_on'),
    cobranded: boolean('cobranded').notNull().default(false),
    /** The cohort's audit date when co-branded, as printed on the certificate. */
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The signed credential (a VC-JWT, Ed25519), as the student downloads it. */
    credentialJwt: text('credential_jwt'),
    issuedBy: uuid('issued_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Why an admin issued it to a student who did not qualify; null when they qualified. */
    overrideReason: text('override_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_certificate_ref_key').on(t.certificateRef),
    uniqueIndex('certificates_enrollment_id_key').on(t.enrollmentId),
    index('certificates_profile_valid_idx')
      .on(t.profileId, t.expiresOn)
      .where(sql`${t.revokedAt} is null`),
    index('certificates_file_id_idx').on(t.fileId),
    index('certificates_issued_by_idx').on(t.issuedBy),
    index('certificates_revoked_by_idx').on(t.revokedBy),
    index('certificates_created_at_idx').on(t.createdAt.desc()),
    check('certificates_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    check('certificates_expiry_check', sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.issueDate}`),
  ],
);

/** "Generate for cohort": one background run issuing every qualifying student's certificate. */
export const certificateBatches = pgTable(
  'certificate_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: CERTIFICATE_BATCH_STATUSES }).notNull().default('queued'),
    /** Students who qualified when the run was asked for. */
    total: integer('total').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    /** Already held a certificate. */
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('certificate_batches_cohort_created_idx').on(t.cohortId, t.createdAt.desc()),
    index('certificate_batches_requested_by_idx').on(t.requestedBy),
    check('certificate_batches_status_check', inList(t.status, CERTIFICATE_BATCH_STATUSES)),
  ],
);
