/** The SQL of the daily credential reminders: which credentials expire soon, claimed once each, and whom to write to. */
import type { Credential } from '@ops/shared/domain/guard-credentials';
import { and, between, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { credentialReminders, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';

export interface ClaimedReminder {
  guardProfileId: string;
  credential: Credential;
  expiresOn: string;
  daysBefore: number;
}

/** Guards (not rejected) with a licence or a clearance on record expiring from `from` to `to` (Nairobi days). */
export function findCredentialsExpiringBetween(db: Executor, from: string, to: string) {
  return db
    .select({
      guardProfileId: guards.profileId,
      psraLicenceNumber: guards.psraLicenceNumber,
      psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
      policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
      policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
    })
    .from(guards)
    .where(
      and(
        ne(guards.status, 'rejected'),
        or(
          and(isNotNull(guards.psraLicenceNumber), between(guards.psraLicenceExpiresOn, from, to)),
          and(isNotNull(guards.policeClearanceIssuedOn), between(guards.policeClearanceExpiresOn, from, to)),
        ),
      ),
    );
}

/**
 * Claims reminders: one row per guard, credential, expiry and lead time. Only the rows this call
 * inserted come back, so a second run, or a second server, claims nothing twice.
 */
export async function claimReminders(db: Executor, reminders: ClaimedReminder[], now: Date): Promise<ClaimedReminder[]> {
  if (reminders.length === 0) return [];
  return db
    .insert(credentialReminders)
    .values(reminders.map((r) => ({ ...r, sentAt: now })))
    .onConflictDoNothing()
    .returning({
      guardProfileId: credentialReminders.guardProfileId,
      credential: credentialReminders.credential,
      expiresOn: credentialReminders.expiresOn,
      daysBefore: credentialReminders.daysBefore,
    });
}

/** The guard's name and e-mail address, for the reminder e-mail. */
export async function findGuardContact(db: Executor, profileId: string) {
  const [row] = await db
    .select({ fullName: profiles.fullName, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId));
  return row ?? null;
}
