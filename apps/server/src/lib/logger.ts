import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** Secrets never reach the log, whatever a caller passes in. */
const REDACT = [
  'password', '*.password', '*.newPassword', '*.confirmPassword', 'token', '*.token',
  'headers.cookie', 'headers.authorization', '*.headers.cookie', '*.headers.authorization',
  '*.headers["set-cookie"]', 'secret', '*.secret',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined };
  return destination ? pino(options, destination) : pino(options);
}
