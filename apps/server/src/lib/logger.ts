import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** Secrets never reach the log, whatever a caller passes in. */
const REDACT = [
  'password',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  'token',
  '*.token',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  'secret',
  '*.secret',
];

/** Lines are written to stdout once this much is waiting, or after FLUSH_MS, whichever is first. */
const BUFFER_BYTES = 4096;
const FLUSH_MS = 1000;

/**
 * Without a destination, lines go to stdout asynchronously and in batches: a request does not
 * wait for its log line, and a busy server makes one write for a few dozen lines instead of one
 * per line (a write per request line was about a tenth of the server's CPU on the guard list).
 * A quiet server's lines appear within a second; what is pending is written when the process
 * exits, a crash included (pino flushes its destination on exit).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined };
  if (destination) return pino(options, destination);
  const stdout = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
  setInterval(() => stdout.flush(), FLUSH_MS).unref();
  return pino(options, stdout);
}
