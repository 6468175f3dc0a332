/** Test double: keeps sent messages in memory so a test can follow the links in them. */
import type { Mailer, MailMessage } from '../providers/mail/mailer.ts';

export interface CapturedMailer extends Mailer {
  messages: MailMessage[];
  /** The primary link of the latest message to this address whose subject matches. */
  linkFor(to: string, subject: RegExp): string;
}

export function createCapturedMailer(): CapturedMailer {
  const messages: MailMessage[] = [];
  return {
    kind: 'outbox',
    messages,
    send(message) {
      messages.push(message);
      return Promise.resolve();
    },
    linkFor(to, subject) {
      const found = messages.filter((m) => m.to === to && subject.test(m.subject)).at(-1);
      if (!found?.primaryLink) throw new Error(`no message to ${to} matching ${subject}`);
      return found.primaryLink;
    },
  };
}
