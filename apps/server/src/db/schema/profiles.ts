import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@ops/shared/constants';
import { users } from './auth.ts';
import { inList } from './helpers.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name'),
    avatarUrl: text('avatar_url'),
    /** Set while an admin has blocked the account: no sign-in, no session, no API call. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    blockedByProfileId: uuid('blocked_by_profile_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_user_id_key').on(t.userId),
    index('profiles_role_idx').on(t.role),
    index('profiles_full_name_idx').on(t.fullName),
    // The console's searches (pg_trgm): a name or phone fragment anywhere, with an index.
    index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('profiles_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    // The company a client books for, printed under their name in the console's tables (null for most).
    index('profiles_company_name_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    index('profiles_role_created_idx').on(t.role, t.createdAt.desc()),
    // The console's client count reads this small index alone instead of every profile.
    index('profiles_clients_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'client'`),
    // The console's Blocked filter reads the few blocked accounts alone.
    index('profiles_blocked_idx')
      .on(t.blockedAt)
      .where(sql`${t.blockedAt} is not null`),
    check('profiles_role_check', inList(t.role, ROLES)),
    check('profiles_blocked_check', sql`(${t.blockedAt} is null) = (${t.blockedReason} is null)`),
    check('profiles_phone_check', sql`${t.phone} is null or ${t.phone} ~ '^254[17][0-9]{8}$'`),
    check(
      'profiles_company_check',
      sql`(${t.isCompany} and ${t.companyName} is not null and ${t.role} = 'client') or (not ${t.isCompany} and ${t.companyName} is null)`,
    ),
  ],
);
