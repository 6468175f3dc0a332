import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GUARD_STATUSES, SPECIALIZATIONS } from '@ops/shared/constants';
import { storedFiles } from './files.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/** A security guard's professional profile, approval and onboarding; one per guard profile. */
export const guards = pgTable(
  'guards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    approved: boolean('approved').notNull().default(false),
    status: text('status', { enum: GUARD_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    specialization: text('specialization', { enum: SPECIALIZATIONS }),
    experienceYears: integer('experience_years').notNull().default(0),
    availability: boolean('availability').notNull().default(true),
    highRiskCertified: boolean('high_risk_certified').notNull().default(false),
    bio: text('bio'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whole KES. */
    rateHourly: integer('rate_hourly'),
    rateDaily: integer('rate_daily'),
    /** Kept up to date with the guard's reviews, so lists can sort by rating with an index. */
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    cvFileId: uuid('cv_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    policeClearanceFileId: uuid('police_clearance_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    certificateFileIds: uuid('certificate_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * Kenya's Private Security Regulation Act 2016: a guard works only when licensed by the PSRA and
     * cleared by the police. The guard enters these; dates are calendar days in Nairobi.
     */
    psraLicenceNumber: text('psra_licence_number'),
    psraLicenceExpiresOn: date('psra_licence_expires_on', { mode: 'string' }),
    psraLicenceFileId: uuid('psra_licence_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    policeClearanceIssuedOn: date('police_clearance_issued_on', { mode: 'string' }),
    policeClearanceExpiresOn: date('police_clearance_expires_on', { mode: 'string' }),
    /**
     * The last day on which both the licence and the clearance hold; null while either is missing.
     * A guard can be booked only for days up to this one (and is listed to clients only while it
     * is today or later).
     */
    credentialsValidUntil: date('credentials_valid_until', { mode: 'string' }).generatedAlwaysAs(
      sql`case when psra_licence_number is not null and psra_licence_expires_on is not null and police_clearance_issued_on is not null and police_clearance_expires_on is not null then least(psra_licence_expires_on, police_clearance_expires_on) end`,
    ),
    documentsVerified: boolean('documents_verified').notNull().default(false),
    reportedToOffice: boolean('reported_to_office').notNull().default(false),
    passedAlcoholTest: boolean('passed_alcohol_test').notNull().default(false),
    signedContract: boolean('signed_contract').notNull().default(false),
    fitForDuty: boolean('fit_for_duty').notNull().default(false),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /**
     * §4's Deployment Ready flags (officer-onboarding.ts onboardedForDeployment): approved,
     * onboarding complete and fit for duty. Only such guards, with credentials holding, are offered
     * to clients, bookable and staffable; the list's indexes and counts lead with it.
     */
    deploymentReady: boolean('deployment_ready')
      .notNull()
      .generatedAlwaysAs(sql`approved and onboarding_complete and fit_for_duty`),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guards_profile_id_key').on(t.profileId),
    // The client list: Deployment Ready guards, filtered and sorted by these.
    index('guards_ready_rating_idx').on(t.deploymentReady, t.averageRating.desc().nullsLast(), t.id),
    index('guards_ready_experience_idx').on(t.deploymentReady, t.experienceYears.desc(), t.id),
    index('guards_ready_rate_idx').on(t.deploymentReady, t.rateHourly, t.id),
    // 'Highest rate' keeps guards without a rate last, which a backward scan of the index above cannot.
    index('guards_ready_rate_desc_idx').on(t.deploymentReady, t.rateHourly.desc().nullsLast(), t.id),
    index('guards_ready_created_idx').on(t.deploymentReady, t.createdAt.desc(), t.id),
    index('guards_specialization_idx').on(t.specialization, t.approved),
    index('guards_status_idx').on(t.status, t.createdAt.desc()),
    // The console's guard table: every guard, newest (or oldest) first, a page at a time.
    index('guards_created_idx').on(t.createdAt, t.id),
    // The console's Onboarding and Deployment Ready tabs (approved guards by their last two stages).
    index('guards_onboarding_idx')
      .on(t.onboardingComplete, t.fitForDuty)
      .where(sql`${t.approved}`),
    index('guards_cv_file_id_idx').on(t.cvFileId),
    index('guards_police_clearance_file_id_idx').on(t.policeClearanceFileId),
    index('guards_psra_licence_file_id_idx').on(t.psraLicenceFileId),
    index('guards_credentials_valid_until_idx').on(t.credentialsValidUntil),
    check(
      'guards_clearance_dates_check',
      sql`${t.policeClearanceExpiresOn} is null or ${t.policeClearanceIssuedOn} is null or ${t.policeClearanceExpiresOn} >= ${t.policeClearanceIssuedOn}`,
    ),
    check('guards_licence_number_check', sql`${t.psraLicenceNumber} is null or length(${t.psraLicenceNumber}) between 3 and 40`),
    check('guards_status_check', inList(t.status, GUARD_STATUSES)),
    check('guards_specialization_check', sql`${t.specialization} is null or ${inList(t.specialization, SPECIALIZATIONS)}`),
    check('guards_approved_status_check', sql`${t.approved} = (${t.status} = 'approved')`),
    check('guards_experience_check', sql`${t.experienceYears} between 0 and 60`),
    check('guards_rates_check', sql`coalesce(${t.rateHourly}, 0) >= 0 and coalesce(${t.rateDaily}, 0) >= 0`),
    check('guards_rating_check', sql`${t.averageRating} is null or ${t.averageRating} between 1 and 5`),
    check('guards_review_count_check', sql`${t.reviewCount} >= 0`),
  ],
);

/**
 * How many guards there are for each combination of the list's filters, kept exact by a trigger on
 * guards (migrations 0005 and guard_list_counts_by_deployment). The list's total is a sum over at most
 * a few dozen of these rows, so paging costs the same with ten thousand guards as with ten.
 * Specialization '' stands for none. Clients' totals sum the Deployment Ready rows; the console's
 * 'approved guards' the approved ones.
 */
export const guardListCounts = pgTable(
  'guard_list_counts',
  {
    approved: boolean('approved').notNull(),
    deploymentReady: boolean('deployment_ready').notNull().default(false),
    specialization: text('specialization').notNull(),
    availability: boolean('availability').notNull(),
    highRiskCertified: boolean('high_risk_certified').notNull(),
    guardCount: integer('guard_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'guard_list_counts_pkey', columns: [t.approved, t.deploymentReady, t.specialization, t.availability, t.highRiskCertified] }),
    check('guard_list_counts_count_check', sql`${t.guardCount} >= 0`),
  ],
);

/**
 * Reminders sent to a guard before a credential expires (30 and 7 days before). One row per
 * credential, expiry date and lead time, so the daily job sends each reminder once, and a renewed
 * credential (a new expiry date) is reminded about again.
 */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    guardProfileId: uuid('guard_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    credential: text('credential', { enum: ['psra_licence', 'police_clearance'] }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: smallint('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'credential_reminders_pkey', columns: [t.guardProfileId, t.credential, t.expiresOn, t.daysBefore] }),
    check('credential_reminders_credential_check', sql`${t.credential} in ('psra_licence', 'police_clearance')`),
  ],
);
