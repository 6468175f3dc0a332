import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * The audit trail: who did what to which record, and when and from where. One row per staff read
 * of someone else's personal data, per admin action, and per export or deletion of an account.
 * Rows are only ever added: a trigger in the migrations refuses UPDATE and DELETE. Rows hold record
 * ids and small before/after facts, never a copy of the personal data that was read.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who did it. Profiles are never deleted (a deleted account is anonymised), so this stays. */
    actorProfileId: uuid('actor_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** What was done, as area.verb: 'guard.read', 'payment.read', 'account.export', 'account.delete'. */
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    /** Whose personal data it was, when it was a person's: what lets a person see who looked. */
    subjectProfileId: uuid('subject_profile_id').references(() => profiles.id, { onDelete: 'restrict' }),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The actor's address (the connection's, or behind a trusted proxy the one it saw: lib/client-address.ts). */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_at_idx').on(t.createdAt.desc()),
    index('audit_events_actor_created_idx').on(t.actorProfileId, t.createdAt.desc()),
    index('audit_events_subject_created_idx').on(t.subjectProfileId, t.createdAt.desc()),
    index('audit_events_record_idx').on(t.recordType, t.recordId),
    check('audit_events_action_check', sql`${t.action} ~ '^[a-z_]+\\.[a-z_]+$'`),
  ],
);
