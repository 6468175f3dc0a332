/**
 * With no SMS provider configured, each text is written as a JSON file to `<dir>/sms/` and logged,
 * so a tester can read what a guard or client would have received.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
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
      // Two texts to one number in the same millisecond must not overwrite each other.
      const file = join(smsDir, `${stamp}-${sms.to}-${randomBytes(3).toString('hex')}.json`);
      await writeFile(file, `${JSON.stringify({ to: sms.to, message: sms.message, sentAt: sentAt.toISOString() }, null, 2)}\n`, { flag: 'wx' });
      logger.info({ to: sms.to, file, message: sms.message }, 'SMS written to outbox');
    },
  };
}
