import type { Logger } from '../../lib/logger.ts';
import { applyMailBrand, DEFAULT_MAIL_BRAND, type MailBrand } from './mail-layout.ts';
import type { Mailer } from './mailer.ts';

/**
 * Sends every message under the brand saved in Settings, read when the message leaves (so a change
 * applies to the next e-mail). If the brand cannot be read, the message still goes, under the
 * default brand.
 */
export function brandedMailer(inner: Mailer, readBrand: () => Promise<MailBrand>, logger: Logger): Mailer {
  return {
    kind: inner.kind,
    async send(message) {
      const brand = await readBrand().catch((err: unknown) => {
        logger.warn({ err }, 'e-mail brand could not be read; sending under the default brand');
        return DEFAULT_MAIL_BRAND;
      });
      await inner.send({ ...message, html: applyMailBrand(message.html, brand) });
    },
  };
}
