import { eq } from 'drizzle-orm';
import type { GuardStatus, Specialization } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { guards } from '../../db/schema/guards.ts';

export interface GuardProfileValues {
  bio: string | null;
  specialization: Specialization | null;
  experienceYears: number;
  rateHourly: number | null;
  rateDaily: number | null;
  skills: string[];
  highRiskCertified: boolean;
  availability: boolean;
}

export async function findOwnGuardProfile(db: Executor, guardProfileId: string) {
  const [row] = await db
    .select({
      bio: guards.bio,
      specialization: guards.specialization,
      experienceYears: guards.experienceYears,
      rateHourly: guards.rateHourly,
      rateDaily: guards.rateDaily,
      skills: guards.skills,
      highRiskCertified: guards.highRiskCertified,
      availability: guards.availability,
      approved: guards.approved,
      status: guards.status,
      rejectionReason: guards.rejectionReason,
    })
    .from(guards)
    .where(eq(guards.profileId, guardProfileId));
  return row ?? null;
}

/** Writes the guard's own fields only; approval and onboarding are the office's and stay as they are. */
export async function upsertOwnGuardProfile(db: Executor, guardProfileId: string, values: GuardProfileValues, now: Date) {
  await db
    .insert(guards)
    .values({ profileId: guardProfileId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: guards.profileId, set: { ...values, updatedAt: now } });
}

export interface ApprovalValues {
  approved: boolean;
  status: GuardStatus;
  approvedAt: Date | null;
  rejectionReason: string | null;
}

/** False when there is no such guard. */
export async function updateGuardApproval(db: Executor, guardProfileId: string, values: ApprovalValues, now: Date) {
  const updated = await db
    .update(guards)
    .set({ ...values, updatedAt: now })
    .where(eq(guards.profileId, guardProfileId))
    .returning({ id: guards.id });
  return updated.length > 0;
}
