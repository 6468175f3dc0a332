/**
 * The words a student reads about their enrolment: the bell (written in the transaction of the
 * change it announces) and the e-mails (sent by the 'send-enrollment-email' job after it commits,
 * so a failed send is retried and never undoes anything).
 */
import { ACADEMY_OFFICE_INSTRUCTIONS } from '@ops/shared/schemas/enrollments';
import { formatKes } from '@ops/shared/money';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findEnrollmentSummary, type EnrollmentSummary } from './enrollments.repo.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-MM-dd → 'MMM dd, yyyy', as the site shows days. */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${d}, ${y}`;
}

export const STUDENT_DASHBOARD_PATH = '/student-dashboard';

export type EnrollmentEmailKind = 'cash_confirmation' | 'paid' | 'released';

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
} as const;

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

export function enrollmentEmail(s: EnrollmentSummary, kind: EnrollmentEmailKind, appUrl: string): MailMessage {
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
  await deps.mailer.send({ ...enrollmentEmail(summary, kind, deps.config.appUrl), idempotencyKey: `enrollment-${kind}-${enrollmentId}` });
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
