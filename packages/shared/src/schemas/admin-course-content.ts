import { z } from 'zod';
import { ANNOUNCEMENT_PRIORITIES } from '../constants.ts';
import { isoDate, optionalText, type AnnouncementPriority } from './admin-training.ts';

/** A course's content in the console: its class sessions, announcements and materials. */
export const SESSION_DURATION_MIN = 0.5;
export const SESSION_DURATION_MAX = 24;
const durationMessage = `Duration must be from ${SESSION_DURATION_MIN} to ${SESSION_DURATION_MAX} hours`;

export const sessionInput = z.object({
  courseId: z.string({ error: 'Choose a course' }).trim().min(1, 'Choose a course').max(100, 'Choose a course'),
  cohortId: z
    .union([z.uuid({ error: 'Unknown cohort' }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(200, 'The title must be at most 200 characters'),
  description: optionalText('The description', 2000),
  date: isoDate('Choose the date'),
  time: z.string({ error: 'Choose the time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose the time as HH:MM'),
  durationHours: z.coerce
    .number({ error: durationMessage })
    .min(SESSION_DURATION_MIN, durationMessage)
    .max(SESSION_DURATION_MAX, durationMessage)
    .refine((n) => Number.isInteger(n * 10), 'Duration may have one decimal place'),
  location: optionalText('The location', 200),
  instructor: optionalText('The instructor', 200),
});
export type SessionInput = z.input<typeof sessionInput>;
export type SessionValues = z.output<typeof sessionInput>;

export interface AdminSessionRow {
  id: string;
  courseId: string;
  cohortId: string | null;
  /** The cohort's start day, to tell cohorts apart. */
  cohortStartDate: string | null;
  title: string;
  description: string | null;
  /** The instant (ISO); shown in Nairobi time. */
  sessionDate: string;
  /** Nairobi date and time of day, for the edit form. */
  date: string;
  time: string;
  durationHours: number;
  location: string | null;
  instructor: string | null;
}

export const announcementInput = z.object({
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(200, 'The title must be at most 200 characters'),
  content: z
    .string({ error: 'Enter the announcement' })
    .trim()
    .min(1, 'Enter the announcement')
    .max(5000, 'The announcement must be at most 5,000 characters'),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES, { error: 'Choose low, normal or high' }).default('normal'),
  /** One cohort of the course; empty or null for the whole course. */
  cohortId: z
    .union([z.uuid({ error: 'Choose a cohort of this course' }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
});
export type AnnouncementInput = z.input<typeof announcementInput>;
export type AnnouncementValues = z.output<typeof announcementInput>;

export interface AdminAnnouncementRow {
  id: string;
  courseId: string;
  /** The cohort it is for, and that cohort's first day; both null for the whole course. */
  cohortId: string | null;
  cohortStartDate: string | null;
  title: string;
  content: string;
  priority: AnnouncementPriority;
  publishedAt: string;
}

export const COURSE_MATERIAL_MAX_BYTES = 50 * 1024 * 1024;
export const COURSE_MATERIAL_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'video/mp4',
  'image/jpeg',
  'image/png',
] as const;
export const COURSE_MATERIAL_ACCEPT = '.pdf,.doc,.docx,.pptx,.xlsx,.zip,.mp4,.jpg,.jpeg,.png';
export const COURSE_MATERIAL_MESSAGES = {
  tooLarge: 'The file is larger than 50 MB.',
  wrongType: 'Upload a PDF, DOC, DOCX, PPTX, XLSX, ZIP, MP4, JPEG or PNG file.',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
} as const;

export interface AdminMaterialRow {
  id: string;
  courseId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** The admin's download. */
  url: string;
}

/** '12.5 KB': materials are listed with their size in KB. */
export const sizeInKb = (bytes: number): string => `${(bytes / 1024).toLocaleString('en-KE', { maximumFractionDigits: 1 })} KB`;
