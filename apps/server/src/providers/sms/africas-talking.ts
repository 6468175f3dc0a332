/**
 * Africa's Talking SMS by a plain form POST. Their SDK hard-codes its hosts (so it cannot be tested
 * against a local fake) and has no time-outs; the call itself is small enough to own.
 */
import { z } from 'zod';
import { assertSmsMessage, SmsSendError, type SmsSender } from './sms-sender.ts';

export interface AfricasTalkingConfig {
  /** The account's username; `sandbox` selects Africa's Talking's sandbox. */
  username: string;
  apiKey: string;
  /** A registered sender ID or short code; without one the network's default sender is used. */
  from?: string;
  /** Overrides the host chosen from the username (tests point it at a local fake). */
  baseUrl?: string;
  timeoutMs?: number;
}

export const DEFAULT_SMS_TIMEOUT_MS = 10_000;

export function africasTalkingBaseUrl(username: string): string {
  return username === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com';
}

/** 100 Processed, 101 Sent, 102 Queued: accepted for delivery; every other code is a refusal. */
const ACCEPTED = new Set([100, 101, 102]);

const responseSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        statusCode: z.coerce.number().int(),
        status: z.string(),
        number: z.string(),
        cost: z.string().optional(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

export function createAfricasTalkingSms(config: AfricasTalkingConfig): SmsSender {
  const url = `${(config.baseUrl ?? africasTalkingBaseUrl(config.username)).replace(/\/+$/, '')}/version1/messaging`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS;

  return {
    kind: 'africas-talking',
    async send(sms) {
      assertSmsMessage(sms);
      const form = new URLSearchParams({ username: config.username, to: `+${sms.to}`, message: sms.message });
      if (config.from) form.set('from', config.from);

      let status = 0;
      let text: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { apikey: config.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } catch (err) {
        if (err instanceof Error && err.name === 'TimeoutError') {
          throw new SmsSendError('timeout', `Africa's Talking did not answer within ${timeoutMs} ms`, { cause: err });
        }
        throw new SmsSendError('http', `Africa's Talking could not be reached: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }

      // Errors come back as plain text ("The supplied authentication is invalid"), so they are not parsed.
      if (status < 200 || status > 299) {
        const kind = status >= 400 && status < 500 && status !== 429 ? 'rejected' : 'http';
        throw new SmsSendError(kind, `Africa's Talking answered HTTP ${status}: ${text.slice(0, 200)}`, { status });
      }

      let parsed: z.output<typeof responseSchema>;
      try {
        parsed = responseSchema.parse(JSON.parse(text));
      } catch {
        throw new SmsSendError('bad_response', `Africa's Talking answered HTTP ${status} with an unreadable body: ${text.slice(0, 200)}`, { status });
      }

      const { Message, Recipients } = parsed.SMSMessageData;
      const refused = Recipients.filter((r) => !ACCEPTED.has(r.statusCode));
      if (Recipients.length === 0 || refused.length > 0) {
        const why = refused.map((r) => `${r.number}: ${r.status} (${r.statusCode})`).join('; ') || Message;
        throw new SmsSendError('rejected', `Africa's Talking refused the message: ${why}`, { status });
      }
    },
  };
}
