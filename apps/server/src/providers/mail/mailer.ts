export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * The same for every try at sending this one message (e.g. `booking-confirmation-<id>`): jobs may
   * run twice, and the message then keeps one identity. It becomes the Message-ID, so mail programs
   * show a resent copy once, and the outbox file's name, so a retry replaces its own file.
   */
  idempotencyKey?: string;
  /** The one link that matters in this message (confirmation, reset…); never logged (it may carry a token). */
  primaryLink?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** `<key@domain of the sender>`: a stable Message-ID for a message sent under an idempotency key. */
export function messageIdFor(key: string | undefined, from: string): string | undefined {
  if (!key) return undefined;
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '_')}@${domain}>`;
}
