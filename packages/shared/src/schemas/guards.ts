import { z } from 'zod';
import { GUARD_PAGE_MAX, GUARD_PAGE_SIZE_DEFAULT, GUARD_SORTS, SPECIALIZATIONS, type Specialization } from '../constants.ts';
import { GUARD_RATE_MAX_KES } from '../domain/pricing.ts';
import { formatKes, formatUsdFromKes, usdToKes } from '../money.ts';
import type { AcademyCertifiedDto } from './certificates.ts';

// The list's sorts and sizes live with the constants (no zod there), so pages that only need them
// do not download zod; re-exported here beside the schema that checks them.
export { GUARD_PAGE_MAX, GUARD_PAGE_SIZE_DEFAULT, GUARD_PAGE_SIZES, GUARD_SORT_LABELS, GUARD_SORTS, type GuardSort } from '../constants.ts';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The guard list's query string: every filter, the sort and the page, checked by the server. */
export const guardListQuery = z.object({
  specialization: z.enum(SPECIALIZATIONS, { error: 'Choose one of the listed specializations' }).optional(),
  available: flag.optional(),
  highRisk: flag.optional(),
  /** Only guards holding a valid academy certificate. */
  certified: flag.optional(),
  sort: z.enum(GUARD_SORTS, { error: 'Unknown sort order' }).default('rating'),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(GUARD_PAGE_MAX, `Page must be at most ${GUARD_PAGE_MAX}`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(48, 'Page size must be at most 48')
    .default(GUARD_PAGE_SIZE_DEFAULT),
});
export type GuardListQuery = z.input<typeof guardListQuery>;
export type GuardListParams = z.output<typeof guardListQuery>;

/** What anyone signed in may see of a guard in a list ("public guard info"). */
export interface PublicGuardDto {
  /** The guard's profile id: the id in /guard/{id}, in bookings' guard_profile_id and in reviews. */
  id: string;
  displayName: string;
  avatarUrl: string | null;
  specialization: Specialization | null;
  experienceYears: number;
  approved: boolean;
  highRiskCertified: boolean;
  availability: boolean;
  rateHourly: number | null;
  averageRating: number | null;
  reviewCount: number;
  /** The guard's valid academy certificate ('Academy Certified'); null (or absent) when none. */
  academyCertified?: AcademyCertifiedDto | null;
}

export interface GuardListDto {
  items: PublicGuardDto[];
  page: number;
  pageSize: number;
  total: number;
}

/** The guard profile page ("guard booking details"): never phone, e-mail, documents or onboarding. */
export interface GuardDetailsDto extends PublicGuardDto {
  bio: string | null;
  skills: string[];
  rateDaily: number | null;
}

export interface ReviewDto {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string;
  /** The company's name for a company client, otherwise the person's name. */
  reviewerName: string;
}

/** The guard's own editable profile, as the Guard Profile card shows it. */
export interface OwnGuardProfileDto {
  bio: string | null;
  specialization: Specialization | null;
  experienceYears: number;
  rateHourly: number | null;
  rateDaily: number | null;
  skills: string[];
  highRiskCertified: boolean;
  availability: boolean;
  approved: boolean;
  status: 'pending' | 'pending_approval' | 'approved' | 'rejected';
  rejectionReason: string | null;
}

const rate = z.number({ error: 'Enter a number' }).min(0, 'Rates cannot be negative').nullable();

export const RATE_TOO_HIGH_MESSAGE = `A rate can be at most ${formatKes(GUARD_RATE_MAX_KES)} (${formatUsdFromKes(GUARD_RATE_MAX_KES)}).`;

/** A rate as stored: whole KES, converted at 145 when it was typed in USD. */
export function guardRateInKes(rate: number | null, currency: 'KES' | 'USD'): number | null {
  if (rate === null) return null;
  return currency === 'USD' ? usdToKes(rate) : Math.round(rate);
}

export const updateGuardProfileInput = z
  .object({
    bio: z.string().trim().max(2000, 'The bio must be at most 2,000 characters').nullable().default(null),
    specialization: z.enum(SPECIALIZATIONS, { error: 'Choose a specialization' }).nullable(),
    experienceYears: z
      .number({ error: 'Enter the years of experience' })
      .int('Years of experience must be a whole number')
      .min(0, 'Experience cannot be negative')
      .max(60, 'Experience must be at most 60 years'),
    /** The currency the rates were typed in; USD is converted to whole KES at 145. */
    rateCurrency: z.enum(['KES', 'USD']).default('KES'),
    rateHourly: rate,
    rateDaily: rate,
    skills: z.array(z.string().max(60, 'A skill must be at most 60 characters')).max(30, 'At most 30 skills').default([]),
    highRiskCertified: z.boolean().default(false),
    availability: z.boolean().default(true),
  })
  // Bounded as stored, in KES: USD 1,000,000 would otherwise be KES 145,000,000 an hour.
  .superRefine((data, ctx) => {
    for (const field of ['rateHourly', 'rateDaily'] as const) {
      const kes = guardRateInKes(data[field], data.rateCurrency);
      if (kes !== null && kes > GUARD_RATE_MAX_KES) ctx.addIssue({ code: 'custom', path: [field], message: RATE_TOO_HIGH_MESSAGE });
    }
  })
  .transform(({ bio, skills, ...rest }) => ({
    ...rest,
    bio: bio ? bio : null,
    skills: cleanSkills(skills),
  }));
export type UpdateGuardProfileInput = z.input<typeof updateGuardProfileInput>;
export type UpdateGuardProfileData = z.output<typeof updateGuardProfileInput>;

/** Skills are trimmed, blanks dropped and duplicates (ignoring case) kept once. */
export function cleanSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of skills) {
    const skill = raw.trim().replace(/\s+/g, ' ');
    const key = skill.toLowerCase();
    if (!skill || seen.has(key)) continue;
    seen.add(key);
    result.push(skill);
  }
  return result;
}
