/**
 * The daily credential reminders (DECISIONS: Guard credentials): 30 and 7 days before a guard's
 * PSRA licence or police clearance expires, the guard is told in the app and by e-mail, once for
 * each expiry and lead time, however often the job runs.
 */
import { CREDENTIAL_LABELS, CREDENTIAL_REMINDER_DAYS, reminderDueOn, type Credential } from '@ops/shared/domain/guard-credentials';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { headerText, escapeHtml, mailLayout } from '../../providers/mail/mail-layout.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { notify } from '../notifications/notifications.service.ts';
import { claimReminders, findCredentialsExpiringBetween, findGuardContact, type ClaimedReminder } from './credential-reminders.repo.ts';

export const PROFILE_LINK = '/profile';

/**
 * How often the server queues the reminder job. Hourly rather than daily: a reminder goes out within
 * an hour of its day starting in Nairobi, whenever the server (re)started; a run that finds nothing
 * new sends nothing, and copies of the server queueing it too do no harm.
 */
export const CREDENTIAL_REMINDERS_INTERVAL_MS = 60 * 60_000;

/** What the guard must renew and upload, inside the sentence. */
const RENEW: Record<Credential, { name: string; upload: string }> = {
  psra_licence: { name: 'PSRA licence', upload: 'licence' },
  police_clearance: { name: 'police clearance', upload: 'clearance' },
};

export function credentialReminderMessage(credential: Credential, expiresOn: string): string {
  const { name, upload } = RENEW[credential];
  return `Your ${name} expires on ${expiresOn}. Renew it and upload the new ${upload} on your profile so you can keep taking bookings.`;
}

export function credentialReminderEmail(to: { email: string; fullName: string }, credential: Credential, expiresOn: string, appUrl: string): MailMessage {
  const profile = `${appUrl.replace(/\/+$/, '')}${PROFILE_LINK}`;
  const message = credentialReminderMessage(credential, expiresOn);
  return {
    to: to.email,
    subject: headerText(`Your ${CREDENTIAL_LABELS[credential]} expires on ${expiresOn}`),
    text: `Hello ${to.fullName},\n\n${message}\n\nYour profile: ${profile}`,
    html: mailLayout(`Your ${CREDENTIAL_LABELS[credential]} expires soon`, `<p>Hello ${escapeHtml(to.fullName)},</p><p>${escapeHtml(message)}</p>`, {
      label: 'Open My Profile',
      url: profile,
    }),
    primaryLink: profile,
  };
}

const LONGEST_LEAD = Math.max(...CREDENTIAL_REMINDER_DAYS);

/**
 * The reminders due on `today`: for each licence or clearance on record expiring from today on,
 * each lead time whose day has come (a credential expiring in 5 days is due both).
 */
async function dueReminders(db: Executor, today: string): Promise<ClaimedReminder[]> {
  const due: ClaimedReminder[] = [];
  for (const g of await findCredentialsExpiringBetween(db, today, addDaysToDate(today, LONGEST_LEAD))) {
    const expiries: [Credential, string | null][] = [
      ['psra_licence', g.psraLicenceNumber ? g.psraLicenceExpiresOn : null],
      ['police_clearance', g.policeClearanceIssuedOn ? g.policeClearanceExpiresOn : null],
    ];
    for (const [credential, expiresOn] of expiries) {
      if (!expiresOn || expiresOn < today) continue;
      for (const daysBefore of CREDENTIAL_REMINDER_DAYS) {
        if (reminderDueOn(expiresOn, daysBefore) <= today) due.push({ guardProfileId: g.guardProfileId, credential, expiresOn, daysBefore });
      }
    }
  }
  return due;
}

/**
 * A credential first seen inside both lead times (entered 5 days before it expires) claims both
 * reminders and is told once, with the nearer one.
 */
function oneNoticePerExpiry(claimed: ClaimedReminder[]): ClaimedReminder[] {
  const nearest = new Map<string, ClaimedReminder>();
  for (const r of claimed) {
    const key = `${r.guardProfileId}|${r.credential}|${r.expiresOn}`;
    const seen = nearest.get(key);
    if (!seen || r.daysBefore < seen.daysBefore) nearest.set(key, r);
  }
  return [...nearest.values()];
}

/**
 * The 'credential-reminders' job: claims the reminders due today (Nairobi), and in the same
 * transaction writes each guard's notice and queues its e-mail. Returns how many guards' credentials
 * were reminded.
 */
export async function sendCredentialReminders(deps: Pick<AppDeps, 'db' | 'jobs' | 'clock' | 'logger'>): Promise<number> {
  const today = nairobiDate(deps.clock());
  const notices = await deps.db.transaction(async (tx) => {
    const due = oneNoticePerExpiry(await claimReminders(tx, await dueReminders(tx, today), deps.clock()));
    for (const r of due) {
      await notify(tx, [r.guardProfileId], 'security', credentialReminderMessage(r.credential, r.expiresOn), PROFILE_LINK);
      await deps.jobs.enqueue('send-credential-reminder', r, { tx });
    }
    return due;
  });
  if (notices.length > 0) deps.logger.info({ reminders: notices.length, today }, 'credential expiry reminders sent');
  return notices.length;
}

/** The 'send-credential-reminder' job: the e-mail, under one identity for every try. */
export async function sendCredentialReminderEmail(deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>, reminder: ClaimedReminder): Promise<void> {
  const guard = await findGuardContact(deps.db, reminder.guardProfileId);
  if (!guard) {
    deps.logger.info({ guardProfileId: reminder.guardProfileId }, 'guard gone; credential reminder e-mail not sent');
    return;
  }
  await deps.mailer.send({
    ...credentialReminderEmail(guard, reminder.credential, reminder.expiresOn, deps.config.appUrl),
    idempotencyKey: `credential-reminder-${reminder.guardProfileId}-${reminder.credential}-${reminder.expiresOn}-${reminder.daysBefore}`,
  });
}
