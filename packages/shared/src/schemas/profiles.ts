import { z } from 'zod';
import type { Role } from '../constants.ts';
import { companyName, fullName, optionalPhone } from './auth.ts';

export interface ProfileDto {
  id: string;
  userId: string;
  email: string;
  role: Role;
  fullName: string;
  phone: string | null;
  isCompany: boolean;
  companyName: string | null;
  avatarUrl: string | null;
}

export interface MeDto {
  user: { id: string; email: string; emailVerified: boolean };
  session: { expiresAt: string };
  profile: ProfileDto;
}

/** GET /api/me: the signed-in user, or all null for a visitor (not a 401: the question is normal). */
export type MeResponse = MeDto | { user: null; session: null; profile: null };

export const updateProfileInput = z.object({
  fullName,
  phone: optionalPhone,
  /** Only stored for company accounts; ignored otherwise. */
  companyName: companyName.optional().nullable(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;
