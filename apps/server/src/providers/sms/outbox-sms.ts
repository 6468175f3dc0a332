/**
 * With no SMS provider configured, each text is written as a JSON file to `<dir>/sms/` and logged,
 * so a tester can read what a guard or client would have received.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { assertSmsMessage, type SmsSender } from './sms-sender.ts';

/** `dir` is the outbox shared with e-mail (`<data dir>/outbox`); texts go to its `sms/` folder. */
export function createOutboxSms(dir: string, logger: Logger, clock: () => Date = () => new Date()): SmsSender {
  const smsDir = join(dir, 'sms');
  return {
    kind: 'outbox',
    async send(sms) {
      // Same rule as the real adapter, so a bad number shows up before going live.
      assertSmsMessage(sms);
      const sentAt = clock();
      await mkdir(smsDir, { recursive: true });
      const stamp = sentAt.toISOString().replace(/[:.]/g, '-');
      const body = `${JSON.stringify({ to: sms.to, message: sms.message, sentAt: sentAt.toISOString() }, null, 2)}\n`;
      let file: string;
      if (sms.idempotencyKey) {
        // One file per text, however often it is tried: written whole, then renamed over an earlier try's.
        file = join(smsDir, `${sms.idempotencyKey.replace(/[^a-zA-Z0-9._-]/g, '_')}-${sms.to}.json`);
        const partial = join(smsDir, `.${randomBytes(4).toString('hex')}.tmp`);
        await writeFile(partial, body);
        await rename(partial, file);
      } else {
        // Two texts to one number in the same millisecond must not overwrite each other.
        file = join(smsDir, `${stamp}-${sms.to}-${randomBytes(3).toString('hex')}.json`);
        await writeFile(file, body, { flag: 'wx' });
      }
      logger.info({ to: sms.to, file, message: sms.message }, 'SMS written to outbox');
    },
  };
}
