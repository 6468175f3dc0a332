/** The shift's contracts (decision 029): the guard's day, check-in and check-out, the site, the Today board. */
import { z } from 'zod';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES } from '../constants.ts';
import { SHIFT_STATES, type CompletionKind, type ShiftState } from '../domain/shift-rules.ts';
import { adminPage, adminPageSize, type AdminPage } from './admin-list.ts';

const latitude = z
  .number({ error: 'The latitude must be a number.' })
  .finite('The latitude must be a number.')
  .min(-90, 'The latitude must be between -90 and 90.')
  .max(90, 'The latitude must be between -90 and 90.');
const longitude = z
  .number({ error: 'The longitude must be a number.' })
  .finite('The longitude must be a number.')
  .min(-180, 'The longitude must be between -180 and 180.')
  .max(180, 'The longitude must be between -180 and 180.');
const accuracyMeters = z
  .number({ error: 'The accuracy must be a number of metres.' })
  .finite('The accuracy must be a number of metres.')
  .min(0, 'The accuracy cannot be negative.')
  .max(100_000, 'The accuracy must be at most 100 km.');

export const POSITION_TOGETHER_MESSAGE = 'Send the latitude, longitude and accuracy together, or none of them.';

/** A position from the phone, all three parts or none. */
const optionalPosition = {
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  accuracyMeters: accuracyMeters.optional(),
};
const positionTogether = (v: { latitude?: number; longitude?: number; accuracyMeters?: number }) =>
  [v.latitude, v.longitude, v.accuracyMeters].every((x) => x === undefined) || [v.latitude, v.longitude, v.accuracyMeters].every((x) => x !== undefined);

export const SITE_CODE_MESSAGE = 'That is not the site code of this booking. Check the code at the post and try again.';

export const checkInInput = z
  .strictObject({
    siteCode: z.string({ error: 'Enter the site code as text.' }).trim().max(20, SITE_CODE_MESSAGE).optional(),
    ...optionalPosition,
  })
  .refine(positionTogether, { message: POSITION_TOGETHER_MESSAGE, path: ['latitude'] });
export type CheckInInput = z.input<typeof checkInInput>;

export const checkOutInput = z.strictObject(optionalPosition).refine(positionTogether, { message: POSITION_TOGETHER_MESSAGE, path: ['latitude'] });
export type CheckOutInput = z.input<typeof checkOutInput>;

export const sitePinInput = z.strictObject({ latitude, longitude, accuracyMeters });
export type SitePinInput = z.input<typeof sitePinInput>;

export const shiftBookingParam = z.object({ bookingId: z.uuid('Booking not found') });

/** What was recorded for one guard on one shift. */
export interface ShiftCheckDto {
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** 'Verified at site' (by the site code or the position) or not; null before check-in. */
  verified: boolean | null;
  verifiedBy: 'code' | 'position' | null;
}

/** One shift on the guard's 'Today'. */
export interface GuardShiftDto {
  bookingId: string;
  reference: string;
  service: string;
  shiftIndex: number;
  start: string;
  end: string;
  area: string;
  address: string | null;
  /** The client's name and phone: only on a paid booking, as everywhere a guard sees a job. */
  client: { fullName: string; phone: string | null; companyName: string | null } | null;
  state: ShiftState;
  check: ShiftCheckDto;
  checkInOpensAt: string;
  /** Why 'Check in' cannot be pressed now (the server's words), or null when it can. */
  checkInRefusal: string | null;
  canCheckOut: boolean;
  /** Whether the client pinned the site: a position check-in can then be verified without the code. */
  sitePinned: boolean;
}

/** GET /api/shifts/today. */
export interface GuardDayDto {
  today: string;
  shifts: GuardShiftDto[];
}

/** POST check-in / check-out answer. */
export interface ShiftCheckResultDto extends ShiftCheckDto {
  bookingId: string;
  shiftIndex: number;
}

/** GET /api/bookings/:id/site (the booking's client and admins). */
export interface BookingSiteDto {
  siteCode: string;
  pin: { latitude: number; longitude: number } | null;
  /** Where a guard lands when scanning the QR code at the post (their 'Today', the code filled). */
  checkInUrl: string;
  /** An SVG of the QR code of checkInUrl, for printing. */
  qrSvg: string;
}

/** One row of the console's Today board: a guard (or an unfilled seat) on a shift of today. */
export interface BoardRowDto {
  bookingId: string;
  reference: string;
  clientName: string;
  area: string;
  address: string | null;
  shiftIndex: number;
  start: string;
  end: string;
  guard: { profileId: string; fullName: string; phone: string | null } | null;
  state: ShiftState | 'unstaffed';
  check: ShiftCheckDto;
  incidents: number;
  /** Checked in and still not out an hour after the end. */
  noCheckOut: boolean;
}

/** What the Today board can show: every shift of the day, or those in one state. */
export const BOARD_STATES = ['all', ...SHIFT_STATES, 'unstaffed'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

/** GET /api/admin/shifts/today?state=&page=&pageSize= */
export const boardQuery = z.object({
  state: z.enum(BOARD_STATES, { error: 'Unknown shift state' }).default('all'),
  page: adminPage,
  pageSize: adminPageSize,
});
export type BoardQuery = z.output<typeof boardQuery>;

/** GET /api/admin/shifts/today: the day's counts by state, and one page of its shifts, problems first. */
export interface BoardDto extends AdminPage<BoardRowDto> {
  today: string;
  counts: Record<ShiftState | 'unstaffed', number>;
}

export const replaceGuardInput = z.strictObject({
  fromGuardProfileId: z.uuid('Choose the guard to replace.'),
  toGuardProfileId: z.uuid('Choose a guard from the list.'),
});
export type ReplaceGuardInput = z.input<typeof replaceGuardInput>;

/** One guard's shift in the client's report. */
export interface ReportShiftDto {
  shiftIndex: number;
  start: string;
  end: string;
  check: ShiftCheckDto;
  hoursCovered: number;
  /** The shift has not started yet (by the server's clock): no check-in is not a miss. */
  upcoming: boolean;
}

/** GET /api/bookings/:id/report. */
export interface ShiftReportDto {
  bookingId: string;
  reference: string;
  service: string;
  area: string;
  address: string | null;
  start: string;
  end: string;
  status: string;
  completion: { kind: CompletionKind; label: string; at: string } | null;
  hoursBooked: number;
  hoursCovered: number;
  guards: { profileId: string; fullName: string; shifts: ReportShiftDto[]; hoursCovered: number }[];
  incidents: IncidentDto[];
  canDownloadPdf: boolean;
  /** The client may leave the booking's review now (completed, a guard on it, no review yet). */
  canReview: boolean;
}

export interface IncidentDto {
  id: string;
  bookingId: string;
  guardName: string;
  shiftIndex: number;
  type: string;
  typeLabel: string;
  severity: 'low' | 'medium' | 'high';
  occurredAt: string;
  description: string;
  photoUrls: string[];
  createdAt: string;
}

export const INCIDENT_DESCRIPTION_MAX = 2000;
export const INCIDENT_PHOTO_MAX = 3;
export const INCIDENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const INCIDENT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const INCIDENT_PHOTO_MESSAGES = {
  tooLarge: 'The photo is larger than 5 MB. Please choose a smaller one.',
  wrongType: 'The photo must be a JPEG, PNG or WebP image.',
  noFile: 'Choose a photo.',
  emptyFile: 'The chosen photo is empty.',
} as const;

const incidentFields = {
  type: z.enum(INCIDENT_TYPES, { error: 'Choose what happened from the list.' }),
  severity: z.enum(INCIDENT_SEVERITIES, { error: 'Choose low, medium or high.' }),
  occurredAt: z.iso.datetime({ offset: true, error: 'Give the time it happened.' }),
  description: z
    .string({ error: 'Describe what happened.' })
    .trim()
    .min(1, 'Describe what happened.')
    .max(INCIDENT_DESCRIPTION_MAX, `Keep the description to ${INCIDENT_DESCRIPTION_MAX} characters or fewer.`),
};

/**
 * POST /api/shifts/:bookingId/incidents (the guard on the shift): a multipart form with these fields
 * and up to three files named `photos`, kept together or not at all. More photos may be added one
 * by one (POST /api/incidents/:id/photos) while the report can still be corrected.
 */
export const INCIDENT_PHOTOS_FIELD = 'photos';
export const INCIDENT_TOO_MANY_PHOTOS = `Choose at most ${INCIDENT_PHOTO_MAX} photos.`;
export const incidentInput = z.strictObject(incidentFields);
export type IncidentInput = z.input<typeof incidentInput>;

/** PATCH /api/incidents/:id: the guard within 24 hours; an admin with a reason. */
export const incidentEditInput = z.strictObject({
  ...incidentFields,
  reason: z.string().trim().max(500, 'Keep the reason to 500 characters or fewer.').optional(),
});
export type IncidentEditInput = z.input<typeof incidentEditInput>;

export const incidentParam = z.object({ id: z.uuid('Incident not found') });
export const incidentPhotoParam = z.object({ id: z.uuid('Incident not found'), position: z.coerce.number().int().min(1).max(INCIDENT_PHOTO_MAX) });
