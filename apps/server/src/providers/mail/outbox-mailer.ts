import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';
import { messageIdFor, type Mailer, type MailMessage } from './mailer.ts';

/**
 * With no SMTP server configured, each message is built exactly as it would be sent (RFC 822, with
 * attachments) and written as an .eml file that any mail program opens.
 */
export function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        messageId: messageIdFor(message.idempotencyKey, from),
      });
      await mkdir(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // A message with an idempotency key has one file, whatever the number of tries: written
      // whole under a temporary name, then renamed over any earlier try's file.
      const name = message.idempotencyKey
        ? `${message.idempotencyKey.replace(/[^a-zA-Z0-9._-]/g, '_')}-${safeTo}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`;
      const file = join(dir, name);
      const partial = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      // The file, not the link: confirmation and reset links carry one-time tokens, kept out of logs.
      logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
    },
  };
}
