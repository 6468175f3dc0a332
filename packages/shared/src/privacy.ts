/** Data protection facts shared by the privacy notice, the profile page and the server (no zod here). */

/** Where people write about their personal data (access, correction, deletion, objection). */
export const PRIVACY_CONTACT_EMAIL = 'privacy@opssecurity.co.ke';

/** The name a deleted account's profile keeps, wherever its bookings, payments and reviews appear. */
export const DELETED_USER_NAME = 'Deleted user';

/** Deleted accounts' e-mail addresses end in this (the .invalid domain never receives mail). */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** How long the server's request logs are kept by the log store the server writes to. */
export const LOG_RETENTION_DAYS = 90;

/** How long payment and booking records are kept for the accounts (Kenyan tax and company law). */
export const ACCOUNTING_RETENTION_YEARS = 7;
