import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** Secrets never reach the log, whatever a caller passes in. */
const REDACT = [
  'password', '*.password', '*.newPassword', '*.confirmPassword', 'token', '*.token',
  'headers.cookie', 'headers.authorization', '*.headers.cookie', '*.headers.authorization',
  '*.headers["set-cookie"]', 'secret', '*.secret',
];

/**
 * Without a destination, lines go to stdout asynchronously: a request does not wait for its log
 * line's write (lines written while one is in flight are joined into the next write, and what is
 * pending is flushed when the process exits).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
