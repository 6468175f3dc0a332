import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** Secrets never reach the log, whatever a caller passes in. */
const REDACT = [
  'password', '*.password', '*.newPassword', '*.confirmPassword', 'token', '*.token',
  'headers.cookie', 'headers.authorization', '*.headers.cookie', '*.headers.authorization',
  '*.headers["set-cookie"]', 'secret', '*.secret',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined });
}
