import { z } from 'zod';
import { SIGN_UP_ROLES } from '../constants.ts';
import { safeRedirect } from '../domain/safe-redirect.ts';
import { normalizeKenyanPhone, PHONE_FORMAT_MESSAGE } from '../phone.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Optional phone: blank becomes null, anything else must be a Kenyan number and is normalised. */
export const optionalPhone = z
  .string()
  .trim()
  .max(32, PHONE_FORMAT_MESSAGE)
  .optional()
  .nullable()
  .transform((value, ctx) => {
    if (!value) return null;
    const normalized = normalizeKenyanPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

export const fullName = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(120, 'Full name must be at most 120 characters');

export const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Said wherever a new password is one of the commonest (sign-up, reset, change); the server checks. */
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common and easy to guess. Please choose a less common one.';

export const PRIVACY_CONSENT_MESSAGE = 'Please agree to the privacy notice to create an account';

export const companyName = z.string().trim().max(160, 'Company name must be at most 160 characters');

export const signUpInput = z
  .object({
    fullName,
    email,
    password,
    confirmPassword: z.string({ error: 'Confirm your password' }).min(1, 'Confirm your password'),
    phone: optionalPhone,
    role: z.enum(SIGN_UP_ROLES, { error: 'Choose client or security guard' }),
    isCompany: z.boolean().default(false),
    companyName: companyName.optional().nullable(),
    /** The box 'I agree to the privacy notice'; the server records PRIVACY_NOTICE_VERSION and the time. */
    acceptPrivacyNotice: z.boolean({ error: PRIVACY_CONSENT_MESSAGE }).refine((agreed) => agreed, PRIVACY_CONSENT_MESSAGE),
    /** The page the person was on; the confirmation e-mail brings them back to it (a same-site path only). */
    redirect: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
    if (v.role === 'client' && v.isCompany && !v.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required' });
    }
  })
  .transform((v) => {
    const isCompany = v.role === 'client' && v.isCompany;
    return {
      fullName: v.fullName,
      email: v.email,
      password: v.password,
      phone: v.phone,
      role: v.role,
      isCompany,
      companyName: isCompany ? (v.companyName ?? null) : null,
      acceptPrivacyNotice: v.acceptPrivacyNotice,
      redirect: safeRedirect(v.redirect),
    };
  });
export type SignUpInput = z.input<typeof signUpInput>;
export type SignUpData = z.output<typeof signUpInput>;

export const signInInput = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type SignInInput = z.input<typeof signInInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .object({
    token: z.string().min(1, 'The reset link is incomplete'),
    password,
    confirmPassword: z.string().min(1, 'Confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;
