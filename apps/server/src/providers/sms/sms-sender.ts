/**
 * Text messages to Kenyan phones, behind one interface: Africa's Talking when configured, otherwise
 * an outbox on disk. Callers (notification jobs) pass numbers already normalised to 2547… / 2541….
 */

export interface SmsMessage {
  /** 2547XXXXXXXX or 2541XXXXXXXX, as stored (packages/shared/src/phone.ts). */
  to: string;
  message: string;
  /** The same for every try at sending this one text: the outbox keeps one file for it. */
  idempotencyKey?: string;
}

export interface SmsSender {
  readonly kind: 'africas-talking' | 'outbox';
  /** Resolves once the provider accepted the message for delivery; rejects with SmsSendError. */
  send(message: SmsMessage): Promise<void>;
}

export type SmsSendErrorKind = 'timeout' | 'http' | 'bad_response' | 'rejected';

/**
 * kinds: timeout — no answer in time (the message may still go out, so a retry can duplicate it);
 * http — network failure, 429 or 5xx (worth retrying later); rejected — the provider refused this
 * message or our credentials (retrying will not help); bad_response — an answer we cannot read.
 */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
  readonly status: number | undefined;

  constructor(
    readonly kind: SmsSendErrorKind,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

const KENYAN_MOBILE = /^254[17]\d{8}$/;

/** The same rule in every sender, so the offline outbox catches what Africa's Talking would refuse. */
export function assertSmsMessage({ to, message }: SmsMessage): void {
  if (!KENYAN_MOBILE.test(to)) throw new SmsSendError('rejected', `SMS recipient must be 2547XXXXXXXX or 2541XXXXXXXX, got ${JSON.stringify(to)}`);
  if (message.trim() === '') throw new SmsSendError('rejected', 'SMS message is empty');
}
