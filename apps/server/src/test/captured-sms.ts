/** Test double: keeps texts in memory, checking numbers as every real sender does. */
import { assertSmsMessage, type SmsMessage, type SmsSender } from '../providers/sms/sms-sender.ts';

export interface CapturedSms extends SmsSender {
  messages: SmsMessage[];
  /** The next send fails with this error (once). */
  failNext(error: Error): void;
}

export function createCapturedSms(): CapturedSms {
  const messages: SmsMessage[] = [];
  const failures: Error[] = [];
  return {
    kind: 'outbox',
    messages,
    failNext: (error) => void failures.push(error),
    send(message) {
      const failure = failures.shift();
      if (failure) return Promise.reject(failure);
      assertSmsMessage(message);
      messages.push(message);
      return Promise.resolve();
    },
  };
}
