import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './files.ts';
import { profiles } from './profiles.ts';

/** The platform's settings: one row (id 1), saved by admins and read by the services. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    companyName: text('company_name').notNull().default('OPS Security'),
    /** The uploaded logo (bucket 'branding'), served publicly by GET /api/settings/logo. */
    logoFileId: uuid('logo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    primaryColor: text('primary_color').notNull().default('#0F1E36'),
    slogan: text('slogan').notNull().default('Select and Deploy the Best.'),
    defaultBookingDurationHours: integer('default_booking_duration_hours').notNull().default(8),
    maxAdvanceBookingDays: integer('max_advance_booking_days').notNull().default(30),
    /** Hundredths of a percent: 500 = 5%. */
    platformCommissionBasisPoints: integer('platform_commission_basis_points').notNull().default(500),
    autoApproveGuards: boolean('auto_approve_guards').notNull().default(false),
    /** Share of recorded sessions a student must attend for a certificate, in percent. */
    certificateAttendancePercent: integer('certificate_attendance_percent').notNull().default(80),
    /** The shift rules (decision 029; bounds in @ops/shared/domain/shift-rules SHIFT_SETTINGS). */
    reminderFirstLeadHours: integer('reminder_first_lead_hours').notNull().default(24),
    reminderSecondLeadHours: integer('reminder_second_lead_hours').notNull().default(2),
    checkInOpensMinutes: integer('check_in_opens_minutes').notNull().default(30),
    siteRadiusMeters: integer('site_radius_meters').notNull().default(200),
    lateGraceMinutes: integer('late_grace_minutes').notNull().default(15),
    completionGraceMinutes: integer('completion_grace_minutes').notNull().default(120),
    /** The notice policy for a client cancelling a paid booking (decision 030; bounds in CANCELLATION_SETTINGS). */
    cancelFullNoticeHours: integer('cancel_full_notice_hours').notNull().default(48),
    cancelFullPercent: integer('cancel_full_percent').notNull().default(95),
    cancelPartialNoticeHours: integer('cancel_partial_notice_hours').notNull().default(24),
    cancelPartialPercent: integer('cancel_partial_percent').notNull().default(50),
    /** When a client may move a paid booking (decision 030; bounds in RESCHEDULE_SETTINGS): hours before the start, and moves per booking. */
    rescheduleNoticeHours: integer('reschedule_notice_hours').notNull().default(24),
    rescheduleMaxMoves: integer('reschedule_max_moves').notNull().default(2),
    /** The operator's duty phone: late, no-show and high-severity incident alerts go here by SMS. */
    dutyPhone: text('duty_phone'),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('settings_singleton_check', sql`${t.id} = 1`),
    check('settings_color_check', sql`${t.primaryColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('settings_duration_check', sql`${t.defaultBookingDurationHours} between 6 and 24`),
    check('settings_advance_check', sql`${t.maxAdvanceBookingDays} between 1 and 365`),
    check('settings_attendance_check', sql`${t.certificateAttendancePercent} between 0 and 100`),
    check(
      'settings_shift_check',
      sql`${t.reminderFirstLeadHours} between 2 and 72 and ${t.reminderSecondLeadHours} between 1 and 12 and ${t.reminderSecondLeadHours} < ${t.reminderFirstLeadHours}
        and ${t.checkInOpensMinutes} between 0 and 180 and ${t.siteRadiusMeters} between 50 and 2000
        and ${t.lateGraceMinutes} between 5 and 120 and ${t.completionGraceMinutes} between 60 and 1440`,
    ),
    check(
      'settings_cancellation_check',
      sql`${t.cancelFullNoticeHours} between 1 and 720 and ${t.cancelPartialNoticeHours} between 0 and 720 and ${t.cancelPartialNoticeHours} < ${t.cancelFullNoticeHours}
        and ${t.cancelFullPercent} between 0 and 100 and ${t.cancelPartialPercent} between 0 and ${t.cancelFullPercent}`,
    ),
    check('settings_reschedule_check', sql`${t.rescheduleNoticeHours} between 0 and 720 and ${t.rescheduleMaxMoves} between 0 and 10`),
    check('settings_commission_check', sql`${t.platformCommissionBasisPoints} between 0 and 5000`),
  ],
);
