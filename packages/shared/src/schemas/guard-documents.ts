import { z } from 'zod';
import type { CredentialStatus } from '../domain/guard-credentials.ts';
import { isIsoDate } from '../domain/nairobi-time.ts';

/**
 * A guard's documents (CV, police clearance, PSRA licence, certificates) and the credential facts
 * the Private Security Regulation Act 2016 asks for. Only the guard and admins read them.
 */

export const GUARD_DOCUMENT_KINDS = ['cv', 'police_clearance', 'psra_licence', 'certificate'] as const;
export type GuardDocumentKind = (typeof GUARD_DOCUMENT_KINDS)[number];

export const GUARD_DOCUMENT_KIND_LABELS: Record<GuardDocumentKind, string> = {
  cv: 'CV',
  police_clearance: 'Police clearance certificate',
  psra_licence: 'PSRA licence',
  certificate: 'Certificate',
};

/** A guard keeps one CV, one clearance and one licence (a new upload replaces it); certificates add up to this many. */
export const GUARD_CERTIFICATES_MAX = 10;

export const GUARD_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const GUARD_DOCUMENT_MAX_LABEL = '10 MB';
/** Checked from the file's content, not its name. */
export const GUARD_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** For the file picker's `accept`; the server still checks the content. */
export const GUARD_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The server's words for refused uploads (the form can show the same before sending). */
export const GUARD_DOCUMENT_MESSAGES = {
  tooLarge: `The file is larger than ${GUARD_DOCUMENT_MAX_LABEL}.`,
  wrongType: 'Upload a PDF, JPEG or PNG file.',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
  tooManyCertificates: `You can keep at most ${GUARD_CERTIFICATES_MAX} certificates. Delete one before adding another.`,
} as const;

/** POST /api/guard/documents is multipart: this field, plus the file in `file`. */
export const guardDocumentUploadFields = z.object({
  kind: z.enum(GUARD_DOCUMENT_KINDS, { error: 'Choose what kind of document this is' }),
});
export type GuardDocumentUploadFields = z.infer<typeof guardDocumentUploadFields>;

export interface GuardDocumentDto {
  id: string;
  kind: GuardDocumentKind;
  /** The name the file had on the guard's device: a label only. */
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** `/api/guard-documents/<id>`; add `?disposition=inline` to view in the browser instead of downloading. */
  url: string;
}

export interface GuardCredentialsDto {
  psraLicenceNumber: string | null;
  /** 'YYYY-MM-DD', Nairobi calendar days. */
  psraLicenceExpiresOn: string | null;
  policeClearanceIssuedOn: string | null;
  policeClearanceExpiresOn: string | null;
  /** The last day both credentials hold, or null when either is missing. */
  credentialsValidUntil: string | null;
  /** The licence's and the clearance's state today (licence first). */
  statuses: CredentialStatus[];
}

/** GET /api/guard/documents */
export interface GuardDocumentsDto {
  documents: GuardDocumentDto[];
  credentials: GuardCredentialsDto;
}

const PSRA_LICENCE_NUMBER = /^[A-Za-z0-9/-]+$/;

/** An empty box in the form means "not recorded". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalDate = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .refine((v) => isIsoDate(v), message)
      .nullable(),
  );

const credentialsShape = z.object({
  psraLicenceNumber: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim()) : v),
    z
      .string({ error: 'Enter the PSRA licence number' })
      .min(3, 'The PSRA licence number has at least 3 characters')
      .max(40, 'The PSRA licence number has at most 40 characters')
      .regex(PSRA_LICENCE_NUMBER, 'Use only letters, digits, / and - in the PSRA licence number')
      .nullable(),
  ),
  psraLicenceExpiresOn: optionalDate('Enter the licence expiry date as YYYY-MM-DD'),
  policeClearanceIssuedOn: optionalDate('Enter the clearance issue date as YYYY-MM-DD'),
  policeClearanceExpiresOn: optionalDate('Enter the clearance expiry date as YYYY-MM-DD'),
});

/**
 * PUT /api/guard/credentials. Each credential is recorded whole or not at all: a licence number
 * with its expiry, a clearance with its issue and expiry dates. `today` is the Nairobi calendar day
 * (the server passes its own); an issue date after it is refused.
 */
export function guardCredentialsInputOn(today: string) {
  return credentialsShape.superRefine((v, ctx) => {
    if (v.psraLicenceNumber && !v.psraLicenceExpiresOn) {
      ctx.addIssue({ code: 'custom', path: ['psraLicenceExpiresOn'], message: 'Enter the date your PSRA licence expires' });
    }
    if (v.psraLicenceExpiresOn && !v.psraLicenceNumber) {
      ctx.addIssue({ code: 'custom', path: ['psraLicenceNumber'], message: 'Enter the PSRA licence number' });
    }
    const clearance = [v.policeClearanceIssuedOn, v.policeClearanceExpiresOn];
    if (clearance.some(Boolean) && !v.policeClearanceIssuedOn) {
      ctx.addIssue({ code: 'custom', path: ['policeClearanceIssuedOn'], message: 'Enter the date your police clearance was issued' });
    }
    if (clearance.some(Boolean) && !v.policeClearanceExpiresOn) {
      ctx.addIssue({ code: 'custom', path: ['policeClearanceExpiresOn'], message: 'Enter the date your police clearance expires' });
    }
    if (v.policeClearanceIssuedOn && v.policeClearanceIssuedOn > today) {
      ctx.addIssue({ code: 'custom', path: ['policeClearanceIssuedOn'], message: 'The issue date cannot be in the future' });
    }
    if (v.policeClearanceIssuedOn && v.policeClearanceExpiresOn && v.policeClearanceExpiresOn < v.policeClearanceIssuedOn) {
      ctx.addIssue({ code: 'custom', path: ['policeClearanceExpiresOn'], message: 'The expiry date cannot be before the issue date' });
    }
  });
}
export type GuardCredentialsInput = z.input<ReturnType<typeof guardCredentialsInputOn>>;
export type GuardCredentialsValues = z.output<ReturnType<typeof guardCredentialsInputOn>>;
