import { guardRateInKes, type OwnGuardProfileDto, type UpdateGuardProfileData } from '@ops/shared/schemas/guards';
import type { Executor } from '../../db/client.ts';
import { findOwnGuardProfile, upsertOwnGuardProfile } from './guard-profile.repo.ts';

/** What a guard without a guards row yet sees: an empty form, under review. */
const EMPTY_PROFILE: OwnGuardProfileDto = {
  bio: null,
  specialization: null,
  experienceYears: 0,
  rateHourly: null,
  rateDaily: null,
  skills: [],
  highRiskCertified: false,
  availability: true,
  approved: false,
  status: 'pending',
  rejectionReason: null,
};

export async function getOwnGuardProfile(db: Executor, guardProfileId: string): Promise<OwnGuardProfileDto> {
  return (await findOwnGuardProfile(db, guardProfileId)) ?? EMPTY_PROFILE;
}

/** The guard edits their own card; approval is the office's decision and does not change here. */
export async function updateOwnGuardProfile(db: Executor, guardProfileId: string, input: UpdateGuardProfileData, now: Date): Promise<OwnGuardProfileDto> {
  await upsertOwnGuardProfile(
    db,
    guardProfileId,
    {
      bio: input.bio,
      specialization: input.specialization,
      experienceYears: input.experienceYears,
      // Stored as whole KES whatever currency they were typed in.
      rateHourly: guardRateInKes(input.rateHourly, input.rateCurrency),
      rateDaily: guardRateInKes(input.rateDaily, input.rateCurrency),
      skills: input.skills,
      highRiskCertified: input.highRiskCertified,
      availability: input.availability,
    },
    now,
  );
  return getOwnGuardProfile(db, guardProfileId);
}
