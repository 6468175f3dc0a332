import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES } from '@ops/shared/constants';
import { bookings } from './bookings.ts';
import { storedFiles } from './files.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/** Where the phone said it was, at check-in or check-out: the columns' names carry the moment. */
const position = (prefix: 'in' | 'out') => ({
  latitude: doublePrecision(`${prefix}_latitude`),
  longitude: doublePrecision(`${prefix}_longitude`),
  accuracyMeters: doublePrecision(`${prefix}_accuracy_m`),
});
const atIn = position('in');
const atOut = position('out');

/**
 * One guard's attendance on one shift of a booking (decision 029): when they checked in and out,
 * where the phone said they were, and whether the check-in was verified at the site. One row per
 * guard and shift, so ten check-ins pressed at once record one.
 */
export const shiftChecks = pgTable(
  'shift_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guardProfileId: uuid('guard_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** The shift's number in the booking (shift-rules.ts shiftsOf): 0 for a booking of up to a day. */
    shiftIndex: integer('shift_index').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    inLatitude: atIn.latitude,
    inLongitude: atIn.longitude,
    inAccuracyMeters: atIn.accuracyMeters,
    /** 'code' or 'position' when verified at the site; null when not verified. */
    verifiedBy: text('verified_by', { enum: ['code', 'position'] }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    outLatitude: atOut.latitude,
    outLongitude: atOut.longitude,
    outAccuracyMeters: atOut.accuracyMeters,
  },
  (t) => [
    uniqueIndex('shift_checks_booking_guard_shift_key').on(t.bookingId, t.guardProfileId, t.shiftIndex),
    index('shift_checks_guard_in_idx').on(t.guardProfileId, t.checkedInAt.desc()),
    // The operator's unverified check-ins to look at.
    index('shift_checks_unverified_idx')
      .on(t.checkedInAt)
      .where(sql`${t.verifiedBy} is null`),
    check('shift_checks_shift_index_check', sql`${t.shiftIndex} >= 0`),
    check('shift_checks_verified_by_check', sql`${t.verifiedBy} is null or ${t.verifiedBy} in ('code', 'position')`),
    check('shift_checks_out_after_in_check', sql`${t.checkedOutAt} is null or ${t.checkedOutAt} >= ${t.checkedInAt}`),
    check(
      'shift_checks_position_check',
      sql`(${t.inLatitude} is null or ${t.inLatitude} between -90 and 90) and (${t.inLongitude} is null or ${t.inLongitude} between -180 and 180)
        and (${t.outLatitude} is null or ${t.outLatitude} between -90 and 90) and (${t.outLongitude} is null or ${t.outLongitude} between -180 and 180)
        and coalesce(${t.inAccuracyMeters}, 0) >= 0 and coalesce(${t.outAccuracyMeters}, 0) >= 0`,
    ),
  ],
);

/**
 * Every message the shift watch sends (reminders, late and no-show alerts, check-out prompts and
 * flags, completion notices), claimed before it is sent: the key makes each one go exactly once
 * across restarts and copies of the server. `subject` names who it is for or about (a guard's or a
 * client's profile id, or 'booking'); `start_time` is the shift's start, so a booking moved to a new
 * time earns fresh reminders.
 */
export const shiftNotices = pgTable(
  'shift_notices',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    shiftIndex: integer('shift_index').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'shift_notices_pkey', columns: [t.bookingId, t.kind, t.subject, t.shiftIndex, t.startTime] })],
);

/** Something a guard reported from a shift; read by the client and the operator, kept unchanged after 24 hours. */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guardProfileId: uuid('guard_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    shiftIndex: integer('shift_index').notNull(),
    type: text('type', { enum: INCIDENT_TYPES }).notNull(),
    severity: text('severity', { enum: INCIDENT_SEVERITIES }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('incidents_booking_idx').on(t.bookingId, t.occurredAt),
    index('incidents_created_idx').on(t.createdAt),
    check('incidents_type_check', inList(t.type, INCIDENT_TYPES)),
    check('incidents_severity_check', inList(t.severity, INCIDENT_SEVERITIES)),
    check('incidents_description_check', sql`char_length(${t.description}) between 1 and 2000`),
  ],
);

/** Up to three photos of an incident, in the file store (bucket 'incident-photos'). */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'incident_photos_pkey', columns: [t.incidentId, t.position] }),
    uniqueIndex('incident_photos_file_key').on(t.fileId),
    check('incident_photos_position_check', sql`${t.position} between 1 and 3`),
  ],
);

export type ShiftCheckRow = typeof shiftChecks.$inferSelect;
export type IncidentRow = typeof incidents.$inferSelect;
