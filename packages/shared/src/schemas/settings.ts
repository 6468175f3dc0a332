import { z } from 'zod';
import { CANCELLATION_SETTINGS, policyRefusal, type CancellationPolicy } from '../domain/cancellation-policy.ts';
import { RESCHEDULE_SETTINGS, type ReschedulePolicy } from '../domain/reschedule-policy.ts';
import { SHIFT_SETTINGS } from '../domain/shift-rules.ts';
import { normalizeKenyanPhone } from '../phone.ts';

/** The bounds an admin may set; the database's checks hold the same ones. */
export const SETTINGS_BOUNDS = {
  companyNameMax: 80,
  sloganMax: 120,
  durationHours: { min: 6, max: 24 },
  advanceDays: { min: 1, max: 365 },
  commissionPercent: { min: 0, max: 50 },
  certificateAttendancePercent: { min: 0, max: 100 },
} as const;

export const CERTIFICATE_ATTENDANCE_MESSAGE = 'Enter a whole number from 0 to 100';
export const DUTY_PHONE_MESSAGE = 'Enter a Kenyan phone number such as 0712 345 678, or leave it empty.';

/** Logos: PNG, JPEG or WebP by content (SVG can carry script, so it is refused), at most 2 MB. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MESSAGES = {
  tooLarge: 'The logo is larger than 2 MB. Please choose a smaller image.',
  wrongType: 'The logo must be a PNG, JPEG or WebP image.',
  noFile: 'Choose an image for the logo.',
  emptyFile: 'The chosen file is empty.',
} as const;

export const TOO_LIGHT_MESSAGE = 'This colour is too light for white text on buttons.';
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** WCAG 2.1 relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on this colour (1 to 21). */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** White button text must reach WCAG AA's 4.5:1 on the chosen colour. */
export const readableUnderWhite = (hex: string): boolean => contrastWithWhite(hex) >= 4.5;

const wholeNumber = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .int(`Enter the ${label} in whole ${unit}.`)
    .min(min, `The ${label} must be between ${min} and ${max} ${unit}.`)
    .max(max, `The ${label} must be between ${min} and ${max} ${unit}.`);

const { commissionPercent } = SETTINGS_BOUNDS;
const MOVES_MESSAGE = `Enter the moves per booking as a whole number from ${RESCHEDULE_SETTINGS.maxMoves.min} to ${RESCHEDULE_SETTINGS.maxMoves.max}.`;

/** What an admin saves in Settings (PUT /api/admin/settings); the logo has its own upload. */
export const settingsInput = z
  .object({
    companyName: z
      .string({ error: 'Enter the company name.' })
      .trim()
      .min(1, 'Enter the company name.')
      .max(SETTINGS_BOUNDS.companyNameMax, `Keep the company name to ${SETTINGS_BOUNDS.companyNameMax} characters or fewer.`),
    slogan: z
      .string({ error: 'Enter the slogan as text.' })
      .trim()
      .max(SETTINGS_BOUNDS.sloganMax, `Keep the slogan to ${SETTINGS_BOUNDS.sloganMax} characters or fewer.`),
    primaryColor: z
      .string({ error: 'Enter a colour such as #0F1E36.' })
      .trim()
      .regex(HEX_COLOR, 'Enter a colour as # and six hexadecimal digits, such as #0F1E36.')
      .refine(readableUnderWhite, TOO_LIGHT_MESSAGE)
      .transform((hex) => hex.toUpperCase()),
    defaultBookingDurationHours: wholeNumber('default booking duration', SETTINGS_BOUNDS.durationHours, 'hours'),
    maxAdvanceBookingDays: wholeNumber('max advance booking', SETTINGS_BOUNDS.advanceDays, 'days'),
    /** A percent with at most two decimals (stored as basis points: 5.25% = 525). */
    platformCommissionPercent: z
      .number({ error: 'Enter the commission as a number.' })
      .min(commissionPercent.min, `The commission must be between ${commissionPercent.min}% and ${commissionPercent.max}%.`)
      .max(commissionPercent.max, `The commission must be between ${commissionPercent.min}% and ${commissionPercent.max}%.`)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Use at most two decimals for the commission.'),
    autoApproveGuards: z.boolean({ error: 'Choose whether guards are approved automatically.' }),
    /** The share of recorded sessions a student must attend for a certificate; left as it is when absent. */
    certificateAttendancePercent: z
      .number({ error: CERTIFICATE_ATTENDANCE_MESSAGE })
      .int(CERTIFICATE_ATTENDANCE_MESSAGE)
      .min(SETTINGS_BOUNDS.certificateAttendancePercent.min, CERTIFICATE_ATTENDANCE_MESSAGE)
      .max(SETTINGS_BOUNDS.certificateAttendancePercent.max, CERTIFICATE_ATTENDANCE_MESSAGE)
      .optional(),
    /** The shift rules (decision 029); each is left as it is when absent. */
    reminderFirstLeadHours: wholeNumber('first reminder', SHIFT_SETTINGS.reminderFirstLeadHours, 'hours').optional(),
    reminderSecondLeadHours: wholeNumber('second reminder', SHIFT_SETTINGS.reminderSecondLeadHours, 'hours').optional(),
    checkInOpensMinutes: wholeNumber('check-in opening', SHIFT_SETTINGS.checkInOpensMinutes, 'minutes').optional(),
    siteRadiusMeters: wholeNumber('site distance', SHIFT_SETTINGS.siteRadiusMeters, 'metres').optional(),
    lateGraceMinutes: wholeNumber('late grace period', SHIFT_SETTINGS.lateGraceMinutes, 'minutes').optional(),
    completionGraceMinutes: wholeNumber('completion grace period', SHIFT_SETTINGS.completionGraceMinutes, 'minutes').optional(),
    /** The cancellation policy (decision 030); each is left as it is when absent. */
    cancelFullNoticeHours: wholeNumber('longer notice', CANCELLATION_SETTINGS.fullRefundNoticeHours, 'hours').optional(),
    cancelFullPercent: wholeNumber('refund with the longer notice', CANCELLATION_SETTINGS.fullRefundPercent, 'percent').optional(),
    cancelPartialNoticeHours: wholeNumber('shorter notice', CANCELLATION_SETTINGS.partialRefundNoticeHours, 'hours').optional(),
    cancelPartialPercent: wholeNumber('refund with the shorter notice', CANCELLATION_SETTINGS.partialRefundPercent, 'percent').optional(),
    /** The reschedule policy (decision 030); each is left as it is when absent. */
    rescheduleNoticeHours: wholeNumber('reschedule notice', RESCHEDULE_SETTINGS.noticeHours, 'hours').optional(),
    rescheduleMaxMoves: z
      .number({ error: MOVES_MESSAGE })
      .int(MOVES_MESSAGE)
      .min(RESCHEDULE_SETTINGS.maxMoves.min, MOVES_MESSAGE)
      .max(RESCHEDULE_SETTINGS.maxMoves.max, MOVES_MESSAGE)
      .optional(),
    /** The duty phone for alerts: a Kenyan number (stored as 2547…), or empty for none. */
    dutyPhone: z
      .string({ error: DUTY_PHONE_MESSAGE })
      .trim()
      .refine((v) => v === '' || normalizeKenyanPhone(v) !== null, DUTY_PHONE_MESSAGE)
      .transform((v) => (v === '' ? '' : (normalizeKenyanPhone(v) ?? '')))
      .optional(),
  })
  .refine(
    (v) => v.reminderFirstLeadHours === undefined || v.reminderSecondLeadHours === undefined || v.reminderSecondLeadHours < v.reminderFirstLeadHours,
    { message: 'The second reminder must come after the first: give it fewer hours before the shift.', path: ['reminderSecondLeadHours'] },
  );
export type SettingsInput = z.input<typeof settingsInput>;

/** The cancellation policy's four settings, as Settings and the settings row name them. */
export interface CancellationSettings {
  cancelFullNoticeHours: number;
  cancelFullPercent: number;
  cancelPartialNoticeHours: number;
  cancelPartialPercent: number;
}

export const policyOfSettings = (s: CancellationSettings): CancellationPolicy => ({
  fullRefundNoticeHours: s.cancelFullNoticeHours,
  fullRefundPercent: s.cancelFullPercent,
  partialRefundNoticeHours: s.cancelPartialNoticeHours,
  partialRefundPercent: s.cancelPartialPercent,
});

const POLICY_FIELDS = {
  fullRefundNoticeHours: 'cancelFullNoticeHours',
  fullRefundPercent: 'cancelFullPercent',
  partialRefundNoticeHours: 'cancelPartialNoticeHours',
  partialRefundPercent: 'cancelPartialPercent',
} as const satisfies Record<keyof CancellationPolicy, keyof CancellationSettings>;

/** Why the policy saved over `current` would not hold, on the settings field to fix, or null. */
export function cancellationSettingsRefusal(
  current: CancellationSettings,
  given: Partial<CancellationSettings>,
): { field: keyof CancellationSettings; message: string } | null {
  const merged = { ...current, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const refusal = policyRefusal(policyOfSettings(merged));
  return refusal && { field: POLICY_FIELDS[refusal.field], message: refusal.message };
}

/** The reschedule policy's two settings, as Settings and the settings row name them. */
export interface RescheduleSettings {
  rescheduleNoticeHours: number;
  rescheduleMaxMoves: number;
}

export const reschedulePolicyOfSettings = (s: RescheduleSettings): ReschedulePolicy => ({
  noticeHours: s.rescheduleNoticeHours,
  maxMoves: s.rescheduleMaxMoves,
});
export type SettingsValues = z.output<typeof settingsInput>;

/** Percent (two decimals at most) ⇄ basis points. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;

/** GET /api/admin/settings and the answer to PUT and the logo routes. */
export interface AdminSettingsDto {
  companyName: string;
  slogan: string;
  primaryColor: string;
  /** Where the logo is served (changes with each upload), or null when there is none. */
  logoUrl: string | null;
  defaultBookingDurationHours: number;
  maxAdvanceBookingDays: number;
  platformCommissionPercent: number;
  autoApproveGuards: boolean;
  /** Share of recorded sessions a student must attend for a certificate, in percent (0–100). */
  certificateAttendancePercent: number;
  reminderFirstLeadHours: number;
  reminderSecondLeadHours: number;
  checkInOpensMinutes: number;
  siteRadiusMeters: number;
  lateGraceMinutes: number;
  completionGraceMinutes: number;
  cancelFullNoticeHours: number;
  cancelFullPercent: number;
  cancelPartialNoticeHours: number;
  cancelPartialPercent: number;
  rescheduleNoticeHours: number;
  rescheduleMaxMoves: number;
  /** '+2547…', or null when alerts go only to the bell and e-mail. */
  dutyPhone: string | null;
  updatedAt: string;
}

/** GET /api/settings/public: what every page and the booking forms need, for anyone. */
export interface PublicSettingsDto {
  companyName: string;
  slogan: string;
  primaryColor: string;
  logoUrl: string | null;
  maxAdvanceBookingDays: number;
  defaultBookingDurationHours: number;
  /** The cancellation policy clients read before paying and on their bookings. */
  cancellationPolicy: CancellationPolicy;
  /** The reschedule policy clients read on their bookings' 'Reschedule'. */
  reschedulePolicy: ReschedulePolicy;
}

/** GET /api/admin/system-info. */
export interface SystemInfoDto {
  /** e.g. 'v1.0.0'. */
  version: string;
  database: {
    engine: 'PGlite' | 'PostgreSQL';
    /** The server version, e.g. '17.4'. */
    version: string;
    /** What `select version()` answers in full. */
    description: string;
  };
}
