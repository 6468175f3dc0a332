import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { core } from 'zod';
import { ERROR_CODES, type ApiErrorBody } from '@ops/shared/schemas/errors';
import { isDatabaseUnavailable, isUnstorableText } from './db-errors.ts';
import type { Logger } from './logger.ts';

/** While the database is unreachable: how long a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** An error the user may see: its message is safe to show and its status is meaningful. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fields: Record<string, string>, message = 'Please correct the highlighted fields') {
    return new AppError(400, ERROR_CODES.validation, message, fields);
  }
  static unauthenticated(message = 'Please sign in to continue') {
    return new AppError(401, ERROR_CODES.unauthenticated, message);
  }
  static forbidden(message = 'You do not have permission to do this') {
    return new AppError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, ERROR_CODES.notFound, message);
  }
  static conflict(message: string, fields?: Record<string, string>) {
    return new AppError(409, ERROR_CODES.conflict, message, fields);
  }
}

/** Zod issues → one message per field (the first one wins, as a form shows one at a time). */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorBody(error: AppError): ApiErrorBody {
  return { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
}

/** 503 with Retry-After: the database cannot be reached for now, so the request may simply be sent again. */
export function unavailableResponse(): Response {
  const body: ApiErrorBody = { code: ERROR_CODES.unavailable, message: UNAVAILABLE_MESSAGE };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
}

/** The one error handler: known errors keep their status, anything else is logged and hidden. */
export function handleError(err: Error, c: Context, logger: Logger): Response {
  if (err instanceof AppError) return c.json(errorBody(err), err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? ERROR_CODES.tooLarge : status === 401 ? ERROR_CODES.unauthenticated : 'HTTP_ERROR';
    const message = status === 413 ? 'The request is too large' : err.message || 'Request failed';
    return c.json({ code, message } satisfies ApiErrorBody, status);
  }
  if (isDatabaseUnavailable(err)) {
    logger.warn({ err, path: c.req.path }, 'database unavailable');
    return unavailableResponse();
  }
  if (isUnstorableText(err)) {
    logger.warn({ err, path: c.req.path }, 'text the database cannot store');
    return c.json({ code: ERROR_CODES.validation, message: 'The request contains a character that cannot be stored.' } satisfies ApiErrorBody, 400);
  }
  logger.error({ err, path: c.req.path }, 'unhandled error');
  return c.json({ code: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' } satisfies ApiErrorBody, 500);
}
