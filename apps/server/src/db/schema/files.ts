import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILE_BUCKETS } from '@ops/shared/constants';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/**
 * Every stored file (course materials, assessments, CVs, photos, guard documents, certificates):
 * the bytes live in the file store under `bucket/key`, the facts about them live here.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket', { enum: FILE_BUCKETS }).notNull(),
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    ownerProfileId: uuid('owner_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Course materials, CVs and photos belong to a course. */
    courseId: text('course_id'),
    /** Instructor CVs and facility photos belong to a cohort (no foreign key: schema files stay acyclic; the cohort's delete removes them). */
    cohortId: uuid('cohort_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_bucket_key_key').on(t.bucket, t.key),
    index('stored_files_owner_profile_id_idx').on(t.ownerProfileId),
    index('stored_files_bucket_course_idx').on(t.bucket, t.courseId, t.createdAt),
    index('stored_files_cohort_idx')
      .on(t.cohortId, t.bucket)
      .where(sql`${t.cohortId} is not null`),
    check('stored_files_bucket_check', inList(t.bucket, FILE_BUCKETS)),
    check('stored_files_size_check', sql`${t.sizeBytes} >= 0`),
  ],
);
