/**
 * How the shift watch reaches people: the bell in the claim's transaction, e-mails and SMS as
 * outbox jobs queued in it too, so a notice claimed is a notice sent, once (decision 029).
 */
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import type { JobPayloads } from '../../jobs/job-queue.ts';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import { SmsSendError } from '../../providers/sms/sms-sender.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { Replacement } from '../bookings/booking-replacement.service.ts';
import { GUARD_TODAY_LINK, SHIFT_TEXT } from './shift-messages.ts';
import { findBookingStatus, findPhones } from './shifts.repo.ts';
import { findAdminContacts } from './shift-watch.repo.ts';

type Deps = Pick<AppDeps, 'jobs'>;

export interface Recipient {
  profileId: string | null;
  email: string | null;
  phone: string | null;
}

export interface ShiftMessage {
  /** One identity for the message on every channel and every try. */
  key: string;
  bookingId: string;
  text: string;
  subject: string;
  link: string;
  linkLabel: string;
  /** Reminders: not sent if the booking is no longer confirmed when the job runs. */
  whileConfirmed?: boolean;
}

/** Bell, e-mail and SMS to each recipient, in `tx`. */
export async function tell(deps: Deps, tx: Executor, recipients: Recipient[], message: ShiftMessage, channels: { sms: boolean } = { sms: true }) {
  const withProfile = recipients.flatMap((r) => (r.profileId ? [r.profileId] : []));
  if (withProfile.length > 0) await notify(tx, withProfile, 'shift', message.text, message.link);
  for (const [i, r] of recipients.entries()) {
    const key = `${message.key}-${r.profileId ?? `n${i}`}`;
    if (r.email) {
      await deps.jobs.enqueue(
        'send-shift-email',
        {
          to: r.email,
          subject: message.subject,
          text: message.text,
          link: message.link,
          linkLabel: message.linkLabel,
          key,
          bookingId: message.bookingId,
          whileConfirmed: message.whileConfirmed ?? false,
        },
        { tx },
      );
    }
    if (channels.sms && r.phone) {
      await deps.jobs.enqueue(
        'send-shift-sms',
        { to: r.phone, message: message.text, key, bookingId: message.bookingId, whileConfirmed: message.whileConfirmed ?? false },
        { tx },
      );
    }
  }
}

/** The operator: every admin's bell and e-mail, and an SMS to the duty phone when Settings has one. */
export async function tellOperator(deps: Deps, tx: Executor, dutyPhone: string | null, message: ShiftMessage) {
  const admins = await findAdminContacts(tx);
  await tell(
    deps,
    tx,
    admins.map((a) => ({ profileId: a.profileId, email: a.email, phone: null })),
    message,
    { sms: false },
  );
  if (dutyPhone)
    await deps.jobs.enqueue(
      'send-shift-sms',
      { to: dutyPhone, message: message.text, key: `${message.key}-duty`, bookingId: message.bookingId, whileConfirmed: false },
      { tx },
    );
}

async function stillWanted(deps: Pick<AppDeps, 'db' | 'logger'>, data: { bookingId: string; whileConfirmed: boolean; key: string }) {
  if (!data.whileConfirmed) return true;
  const status = await findBookingStatus(deps.db, data.bookingId);
  if (status === 'confirmed') return true;
  deps.logger.info({ bookingId: data.bookingId, status, key: data.key }, 'booking no longer confirmed; shift reminder not sent');
  return false;
}

/** The 'send-shift-email' job. */
export async function sendShiftEmail(deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>, data: JobPayloads['send-shift-email']): Promise<void> {
  if (!(await stillWanted(deps, data))) return;
  const url = `${deps.config.appUrl.replace(/\/+$/, '')}${data.link}`;
  await deps.mailer.send({
    to: data.to,
    subject: headerText(data.subject),
    text: `${data.text}\n\n${data.linkLabel}: ${url}`,
    html: mailLayout(escapeHtml(data.subject), `<p>${escapeHtml(data.text)}</p>`, { label: data.linkLabel, url }),
    idempotencyKey: `shift-${data.key}`,
    primaryLink: url,
  });
}

/** The 'send-shift-sms' job; a number the provider refuses stays refused (not retried). */
export async function sendShiftSms(deps: Pick<AppDeps, 'db' | 'sms' | 'logger'>, data: JobPayloads['send-shift-sms']): Promise<void> {
  if (!(await stillWanted(deps, data))) return;
  try {
    await deps.sms.send({ to: data.to, message: data.message, idempotencyKey: `shift-${data.key}` });
  } catch (err) {
    if (err instanceof SmsSendError && err.kind === 'rejected') {
      deps.logger.error({ err, key: data.key }, 'shift SMS refused; not retried');
      return;
    }
    throw err;
  }
}

/**
 * Texts both guards of a replacement (their bells are rung by the replacement itself): the stand-in
 * with the place and time, the guard taken off so they do not go to the post.
 */
export async function textReplacement(deps: Deps, tx: Executor, r: Replacement, now: Date) {
  const phones = await findPhones(tx, [r.from.profileId, r.to.profileId]);
  const key = `replace-${r.booking.id}-${r.from.profileId}-${r.to.profileId}-${now.getTime()}`;
  const base = { bookingId: r.booking.id, subject: '', link: GUARD_TODAY_LINK, linkLabel: 'Open Today', whileConfirmed: true };
  await tell(deps, tx, [{ profileId: null, email: null, phone: phones.get(r.to.profileId) ?? null }], {
    ...base,
    key: `${key}-in`,
    text: SHIFT_TEXT.standIn(r.booking, r.booking.startTime, r.booking.endTime, r.from.fullName),
  });
  await tell(deps, tx, [{ profileId: null, email: null, phone: phones.get(r.from.profileId) ?? null }], {
    ...base,
    key: `${key}-out`,
    text: SHIFT_TEXT.replacedOut(r.booking, r.to.fullName),
  });
}
