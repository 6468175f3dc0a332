/** The 'send-certificate-email' job's work: the student gets their certificate by e-mail. */
import { certificateVerifyPagePath } from '@ops/shared/schemas/certificates';
import type { AppDeps } from '../../lib/context.ts';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import { STUDENT_DASHBOARD_PATH } from '../academy/enrollment-notices.ts';
import { findStoredFile, openStoredFile } from '../files/files.service.ts';
import { findCertificateRecipient } from './certificates.repo.ts';

/** The 'send-certificate-email' job: the PDF attached, with the verify link and the dashboard. */
export async function sendCertificateEmail(deps: Pick<AppDeps, 'db' | 'files' | 'logger' | 'mailer' | 'config'>, certificateId: string): Promise<void> {
  const cert = await findCertificateRecipient(deps.db, certificateId);
  if (!cert || cert.revokedAt) return;
  const appUrl = deps.config.appUrl.replace(/\/+$/, '');
  const verifyUrl = `${appUrl}${certificateVerifyPagePath(cert.certificateRef)}`;
  const dashboard = `${appUrl}${STUDENT_DASHBOARD_PATH}`;
  const file = cert.fileId ? await findStoredFile(deps.db, cert.fileId) : null;
  const attachments = [];
  if (file) {
    const object = await openStoredFile(deps, file);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    attachments.push({ filename: `certificate-${cert.certificateRef}.pdf`, content: Buffer.concat(chunks), contentType: 'application/pdf' });
  }
  const lines = [
    `Congratulations! Your certificate for ${cert.courseName} is ready${attachments.length > 0 ? ' and attached to this e-mail' : ''}.`,
    `Reference number: ${cert.certificateRef}`,
    `Anyone can check it at ${verifyUrl}`,
  ];
  await deps.mailer.send({
    to: cert.email,
    subject: headerText(`Your certificate: ${cert.courseName}`),
    text: `Hello ${cert.studentName},\n\n${lines.join('\n\n')}\n\nYour certificates: ${dashboard}`,
    html: mailLayout(
      'Your certificate is ready',
      `<p>Hello ${escapeHtml(cert.studentName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(verifyUrl)}">Verify the certificate</a></p>`,
      { label: 'Go to my courses', url: dashboard },
    ),
    attachments,
    idempotencyKey: `certificate-${cert.id}`,
    primaryLink: dashboard,
  });
}
