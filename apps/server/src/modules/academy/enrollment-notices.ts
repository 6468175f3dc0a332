/**
 * The words a student reads about their enrolment: the bell (written in the transaction of the
 * change it announces) and the e-mails (sent by the 'send-enrollment-email' job after it commits,
 * so a failed send is retried and never undoes anything).
 */
import type { CancellationRefund } from '@ops/shared/domain/enrollment-status';
import { ACADEMY_OFFICE_INSTRUCTIONS } from '@ops/shared/schemas/enrollments';
import { formatKes } from '@ops/shared/money';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findEnrollmentSummary, findLatestEnrollmentPayment, type EnrollmentSummary } from './enrollments.repo.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-MM-dd → 'MMM dd, yyyy', as the site shows days. */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${d}, ${y}`;
}

export const STUDENT_DASHBOARD_PATH = '/student-dashboard';

export type EnrollmentEmailKind = 'cash_confirmation' | 'paid' | 'released' | 'approved' | 'rejected' | 'cancelled';

/** What the bell says; `link` leads to the student dashboard. */
export const ENROLLMENT_NOTICES = {
  cashCreated: (title: string, deadline: string) =>
    `Enrollment in ${title} created. Please pay the fee at our office in Nairobi by ${formatDay(deadline)} to keep your seat.`,
  paid: (title: string, amount: number) => `Payment of ${formatKes(amount)} received: your enrollment in ${title} is active.`,
  paymentFailed: (title: string, reason: string | null) =>
    `Payment for ${title} failed${reason ? `: ${reason.replace(/[.!?]?\s*$/, '.')}` : '.'} Your seat was released; you can enroll again while seats remain.`,
  holdLapsed: (title: string) =>
    `Your enrollment in ${title} was cancelled: the payment was not completed within 30 minutes. You can enroll again while seats remain.`,
  cashDeadlinePassed: (title: string, deadline: string) =>
    `Your enrollment in ${title} was cancelled: the fee was not paid at our office by ${formatDay(deadline)}. You can enroll again while seats remain.`,
  lateRefund: (title: string, amount: number, reason: string) => `We received ${formatKes(amount)} for ${title} and are refunding all of it. ${reason}`,
  approved: (title: string, cashDue: number | null, deadline: string | null) =>
    `Your enrollment in ${title} was approved.${cashDue !== null ? ` Please pay ${formatKes(cashDue)} at our office in Nairobi${deadline ? ` by ${formatDay(deadline)}` : ''} to keep your seat.` : ''}`,
  rejected: (title: string, reason: string) => `Your enrollment in ${title} was not approved: ${sentence(reason)} Your seat was released.`,
  cancelled: (title: string, reason: string, refund: CancellationRefund, state: 'done' | 'on_its_way') =>
    `Your enrollment in ${title} was cancelled by OPS Security: ${sentence(reason)}${refundText(refund, state)}`,
} as const;

/** The admin's words as a sentence: a full stop unless they end in one. */
const sentence = (text: string) => text.trim().replace(/[.!?]?$/, (end) => end || '.');

/** What comes back of the fee, in the student's words. */
export function refundText(refund: CancellationRefund, state: 'done' | 'on_its_way'): string {
  if (refund.how === 'none') return '';
  const share = `${formatKes(refund.amount)} (95% of ${formatKes(refund.of)})`;
  if (refund.how === 'office') return ` ${share} was returned to you in cash at our office.`;
  return state === 'done' ? ` ${share} has been refunded to you.` : ` A refund of ${share} is on its way to you.`;
}

export async function tellStudent(db: Executor, profileId: string, message: string): Promise<void> {
  await notify(db, [profileId], 'payment', message, STUDENT_DASHBOARD_PATH);
}

function email(s: EnrollmentSummary, appUrl: string, subject: string, heading: string, paragraphs: string[], rows: [string, string][]): MailMessage {
  const dashboard = `${appUrl.replace(/\/+$/, '')}${STUDENT_DASHBOARD_PATH}`;
  const table = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`)
    .join('');
  return {
    to: s.studentEmail,
    subject: headerText(subject),
    text: `Hello ${s.studentName},\n\n${paragraphs.join('\n\n')}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nYour courses: ${dashboard}`,
    html: mailLayout(
      heading,
      `<p>Hello ${escapeHtml(s.studentName)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<table>${table}</table>`,
      { label: 'Go to my courses', url: dashboard },
    ),
    primaryLink: dashboard,
  };
}

const enrollmentRows = (s: EnrollmentSummary): [string, string][] => [
  ['Course', s.courseTitle],
  ['Starts', formatDay(s.cohortStartDate)],
  ['Fee', formatKes(s.enrollment.coursePrice)],
];

/** The admin's reason as the notes keep it ('Cancelled by admin: …'). */
const adminReason = (notes: string | null) => notes?.replace(/^(Cancelled|Rejected) by admin: /, '') ?? null;

/**
 * `returned`: what the office gave back in cash, for a cancelled enrolment paid there (a fee paid
 * online is refunded with its own e-mail, 'Refund for …').
 */
export function enrollmentEmail(s: EnrollmentSummary, kind: EnrollmentEmailKind, appUrl: string, returned: string | null = null): MailMessage {
  const deadline = s.enrollment.paymentDeadline ? formatDay(s.enrollment.paymentDeadline) : null;
  if (kind === 'cash_confirmation') {
    return email(
      s,
      appUrl,
      `Enrollment confirmation: ${s.courseTitle}`,
      'Enrollment created',
      [
        `Your enrollment in ${s.courseTitle} is created and your seat is held. Please pay the fee of ${formatKes(s.enrollment.coursePrice)} in cash at our office${deadline ? ` by ${deadline}` : ''}; unpaid seats are released after that day.`,
        ACADEMY_OFFICE_INSTRUCTIONS,
      ],
      [...enrollmentRows(s), ...(deadline ? [['Pay by', deadline] as [string, string]] : []), ['Enrollment', s.enrollment.id]],
    );
  }
  if (kind === 'paid') {
    return email(
      s,
      appUrl,
      `Payment received: ${s.courseTitle}`,
      'Thank you! Payment Successful!',
      [`Your payment was received and your enrollment in ${s.courseTitle} is active.`],
      [...enrollmentRows(s), ...(s.enrollment.transactionId ? [['Reference', s.enrollment.transactionId] as [string, string]] : [])],
    );
  }
  if (kind === 'approved') {
    const cashDue = s.enrollment.paymentStatus === 'pending_cash';
    return email(
      s,
      appUrl,
      `Enrollment approved: ${s.courseTitle}`,
      'Enrollment approved',
      [
        `Your enrollment in ${s.courseTitle} was approved.`,
        ...(cashDue
          ? [
              `Please pay the fee of ${formatKes(s.enrollment.coursePrice)} in cash at our office${deadline ? ` by ${deadline}` : ''}; unpaid seats are released after that day.`,
              ACADEMY_OFFICE_INSTRUCTIONS,
            ]
          : []),
      ],
      [...enrollmentRows(s), ...(cashDue && deadline ? [['Pay by', deadline] as [string, string]] : [])],
    );
  }
  if (kind === 'rejected' || kind === 'cancelled') {
    const why = adminReason(s.enrollment.notes);
    return email(
      s,
      appUrl,
      `Enrollment ${kind === 'rejected' ? 'not approved' : 'cancelled'}: ${s.courseTitle}`,
      kind === 'rejected' ? 'Your enrollment was not approved' : 'Your enrollment was cancelled',
      [
        kind === 'rejected'
          ? `Your enrollment in ${s.courseTitle} was not approved, and your seat was released.`
          : `Your enrollment in ${s.courseTitle} was cancelled by OPS Security, and your seat was released.`,
        ...(why ? [`Reason: ${why}`] : []),
        ...(returned ? [returned] : []),
        'You can enroll again on our website while seats remain, or reply to this e-mail with any question.',
      ],
      enrollmentRows(s),
    );
  }
  return email(
    s,
    appUrl,
    `Enrollment cancelled: ${s.courseTitle}`,
    'Your seat was released',
    [
      `Your enrollment in ${s.courseTitle} was cancelled because the fee was not paid${deadline ? ` at our office by ${deadline}` : ' in time'}. You can enroll again on our website while seats remain.`,
    ],
    enrollmentRows(s),
  );
}

/** The 'send-enrollment-email' job. */
export async function sendEnrollmentEmail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>,
  enrollmentId: string,
  kind: EnrollmentEmailKind,
): Promise<void> {
  const summary = await findEnrollmentSummary(deps.db, enrollmentId);
  if (!summary) return;
  // A confirmation that no longer holds (paid or released since) is not sent.
  if (kind === 'cash_confirmation' && summary.enrollment.status !== 'pending_cash') return;
  let returned: string | null = null;
  if (kind === 'cancelled' && summary.enrollment.paymentMethod === 'cash' && summary.enrollment.paymentStatus === 'refunded') {
    const payment = await findLatestEnrollmentPayment(deps.db, enrollmentId);
    if (payment?.refundedAmount != null)
      returned = `${formatKes(payment.refundedAmount)} (95% of ${formatKes(payment.amount)}) was returned to you in cash at our office.`;
  }
  await deps.mailer.send({ ...enrollmentEmail(summary, kind, deps.config.appUrl, returned), idempotencyKey: `enrollment-${kind}-${enrollmentId}` });
}

/** The refund e-mail for money that came for an enrolment and goes back (send-payment-refund-notice). */
export async function sendEnrollmentRefundEmail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  payment: { id: string; enrollmentId: string | null; refundedAmount: number | null; failureReason: string | null },
): Promise<void> {
  if (!payment.enrollmentId || !payment.refundedAmount) return;
  const s = await findEnrollmentSummary(deps.db, payment.enrollmentId);
  if (!s) return;
  const message = email(
    s,
    deps.config.appUrl,
    `Refund for ${s.courseTitle}`,
    'Your money is on its way back',
    [
      `We are refunding ${formatKes(payment.refundedAmount)} for ${s.courseTitle}.`,
      payment.failureReason ?? '',
      'Refunds by M-Pesa or card can take a few days to reach you.',
    ].filter(Boolean),
    enrollmentRows(s),
  );
  await deps.mailer.send({ ...message, idempotencyKey: `payment-refund-${payment.id}` });
}
