import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';

const profileColumns = {
  id: profiles.id,
  userId: profiles.userId,
  email: users.email,
  role: profiles.role,
  fullName: profiles.fullName,
  phone: profiles.phone,
  isCompany: profiles.isCompany,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
};

export async function findProfileById(db: Executor, profileId: string) {
  const [row] = await db.select(profileColumns).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.id, profileId));
  return row ?? null;
}

export async function updateProfile(
  db: Executor,
  profileId: string,
  values: { fullName: string; phone: string | null; companyName?: string | null },
  now: Date,
) {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.id, profileId));
}

/** Better Auth keeps a display name on the account too; it follows the profile's. */
export async function updateAccountName(db: Executor, userId: string, name: string, now: Date) {
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}
