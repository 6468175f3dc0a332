/**
 * Kenya's Private Security Regulation Act 2016: a guard may work only when licensed by the Private
 * Security Regulatory Authority (PSRA) and cleared by the police. These rules decide whether a
 * guard's credentials hold on a given Nairobi calendar day, and say why not in words the office and
 * the client understand. The server applies them; the browser only shows them.
 */
import { dayText } from './date-text.ts';
import { addDaysToDate, daysBetween } from './nairobi-time.ts';

export const CREDENTIALS = ['psra_licence', 'police_clearance'] as const;
export type Credential = (typeof CREDENTIALS)[number];

export const CREDENTIAL_LABELS: Record<Credential, string> = {
  psra_licence: 'PSRA licence',
  police_clearance: 'Police clearance',
};

/** The same names inside a sentence. */
const IN_SENTENCE: Record<Credential, string> = {
  psra_licence: 'PSRA licence',
  police_clearance: 'police clearance',
};

/** Reminders go to the guard this many days before a credential expires. */
export const CREDENTIAL_REMINDER_DAYS = [30, 7] as const;
/** The console's 'Needs attention' lists credentials expiring within this many days (or expired). */
export const CREDENTIAL_ATTENTION_DAYS = 30;

/** What the guard has entered; dates are 'YYYY-MM-DD' Nairobi calendar days. */
export interface GuardCredentialFacts {
  psraLicenceNumber: string | null;
  psraLicenceExpiresOn: string | null;
  policeClearanceIssuedOn: string | null;
  policeClearanceExpiresOn: string | null;
}

export type CredentialState = 'missing' | 'expired' | 'expiring' | 'valid';

export interface CredentialStatus {
  credential: Credential;
  state: CredentialState;
  /** The last day it holds, when known. */
  expiresOn: string | null;
  /** Days from `today` to expiresOn (negative once expired), when known. */
  daysLeft: number | null;
}

function statusOf(credential: Credential, present: boolean, expiresOn: string | null, today: string): CredentialStatus {
  if (!present || !expiresOn) return { credential, state: 'missing', expiresOn, daysLeft: null };
  const daysLeft = daysBetween(today, expiresOn);
  const state: CredentialState = daysLeft < 0 ? 'expired' : daysLeft <= CREDENTIAL_ATTENTION_DAYS ? 'expiring' : 'valid';
  return { credential, state, expiresOn, daysLeft };
}

/** The licence's and the clearance's state on `today` (a Nairobi calendar day). */
export function credentialStatuses(facts: GuardCredentialFacts, today: string): [CredentialStatus, CredentialStatus] {
  return [
    statusOf('psra_licence', Boolean(facts.psraLicenceNumber?.trim()), facts.psraLicenceExpiresOn, today),
    statusOf('police_clearance', Boolean(facts.policeClearanceIssuedOn), facts.policeClearanceExpiresOn, today),
  ];
}

/**
 * Why this guard may not work on `day` (a Nairobi calendar day), or null when both credentials hold
 * through it. The first problem found is named: 'missing' before 'expired', licence before clearance.
 */
export function credentialProblem(facts: GuardCredentialFacts, day: string): string | null {
  const statuses = credentialStatuses(facts, day);
  for (const s of statuses) {
    if (s.state === 'missing') return `No ${IN_SENTENCE[s.credential]} is on record.`;
  }
  for (const s of statuses) {
    if (s.state === 'expired' && s.expiresOn) return `The ${IN_SENTENCE[s.credential]} expired on ${dayText(s.expiresOn)}.`;
  }
  return null;
}

/** The last day both credentials hold (the database keeps the same value in guards.credentials_valid_until). */
export function credentialsValidUntil(facts: GuardCredentialFacts): string | null {
  if (!facts.psraLicenceNumber?.trim() || !facts.psraLicenceExpiresOn || !facts.policeClearanceIssuedOn || !facts.policeClearanceExpiresOn) {
    return null;
  }
  return facts.psraLicenceExpiresOn < facts.policeClearanceExpiresOn ? facts.psraLicenceExpiresOn : facts.policeClearanceExpiresOn;
}

/**
 * Why a guard cannot be booked for a job that runs through `lastDay`, or null. The message is the
 * one the client reads: it names the reason without exposing the guard's documents.
 */
export function bookingCredentialProblem(facts: GuardCredentialFacts, today: string, lastDay: string): string | null {
  const now = credentialProblem(facts, today);
  if (now) return `This guard cannot be booked at the moment: ${now.charAt(0).toLowerCase()}${now.slice(1)}`;
  const until = credentialsValidUntil(facts);
  if (until && until < lastDay) {
    return `This guard cannot be booked past ${dayText(until)}: their PSRA licence or police clearance expires before the booking ends.`;
  }
  return null;
}

/** The day a reminder of `daysBefore` days is due for a credential expiring on `expiresOn`. */
export const reminderDueOn = (expiresOn: string, daysBefore: number): string => addDaysToDate(expiresOn, -daysBefore);
