import type { ProfileDto } from '@ops/shared/schemas/profiles';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findProfileById, updateAccountName, updateProfile } from './profiles.repo.ts';

export async function getProfile(db: Database, profileId: string): Promise<ProfileDto> {
  const profile = await findProfileById(db, profileId);
  if (!profile) throw AppError.notFound('Profile not found');
  return profile;
}

export async function updateOwnProfile(
  db: Database,
  profileId: string,
  input: { fullName: string; phone: string | null; companyName?: string | null | undefined },
  now: Date,
): Promise<ProfileDto> {
  const current = await getProfile(db, profileId);
  // A company account keeps a company name; a personal account never gets one.
  if (current.isCompany && !input.companyName) {
    throw AppError.validation({ companyName: 'Company name is required' });
  }
  await db.transaction(async (tx) => {
    await updateProfile(
      tx,
      profileId,
      {
        fullName: input.fullName,
        phone: input.phone,
        ...(current.isCompany ? { companyName: input.companyName ?? null } : {}),
      },
      now,
    );
    await updateAccountName(tx, current.userId, input.fullName, now);
  });
  return getProfile(db, profileId);
}
