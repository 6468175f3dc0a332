import nodemailer from 'nodemailer';
import { messageIdFor, type Mailer, type MailMessage } from './mailer.ts';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        messageId: messageIdFor(message.idempotencyKey, from),
      });
    },
  };
}
