import { eq } from 'drizzle-orm';
import { PRIVACY_NOTICE_VERSION } from '@ops/shared/constants';
import type { SignUpData } from '@ops/shared/schemas/auth';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { privacyConsents } from '../../db/schema/consents.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { APPROVED_MESSAGE } from '../guards/guard-approval.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { confirmedCallback, type Auth } from './auth.ts';

/**
 * Creates the account (Better Auth sends the confirmation e-mail), then the profile with its role,
 * the person's agreement to the current privacy notice, and for a guard the guard profile under
 * review. An e-mail that already has an account gets the same answer, so the form does not reveal
 * who has an account; its owner is told by e-mail.
 */
export async function signUp(db: Database, auth: Auth, input: SignUpData, headers: Headers, now: Date): Promise<void> {
  // The schema refuses a sign-up without the box ticked; this holds whoever calls.
  if (!input.acceptPrivacyNotice) throw new Error('sign-up without agreement to the privacy notice');
  const result = await auth.api.signUpEmail({
    body: { name: input.fullName, email: input.email, password: input.password, callbackURL: confirmedCallback(input.redirect) },
    headers,
  });
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, result.user.id));
  if (!created) return;

  try {
    await db.transaction(async (tx) => {
      const [profile] = await tx
        .insert(profiles)
        .values({
          userId: created.id,
          role: input.role,
          fullName: input.fullName,
          phone: input.phone,
          isCompany: input.isCompany,
          companyName: input.companyName,
        })
        .returning({ id: profiles.id });
      await tx.insert(privacyConsents).values({ userId: created.id, noticeVersion: PRIVACY_NOTICE_VERSION, acceptedAt: now });
      if (input.role === 'guard' && profile) {
        // With 'auto-approve guards' on, the guard is approved at once; being booked still needs
        // onboarding (fit for duty, onboarding complete), a PSRA licence and a police clearance.
        const { autoApproveGuards } = await getSettings(tx);
        await tx
          .insert(guards)
          .values(
            autoApproveGuards
              ? { profileId: profile.id, approved: true, status: 'approved', approvedAt: now }
              : { profileId: profile.id, approved: false, status: 'pending' },
          );
        if (autoApproveGuards) await notify(tx, [profile.id], 'approval', APPROVED_MESSAGE);
      }
    });
  } catch (err) {
    // No account may exist without its profile: undo the account so the person can try again.
    await db.delete(users).where(eq(users.id, created.id));
    throw err;
  }
}
