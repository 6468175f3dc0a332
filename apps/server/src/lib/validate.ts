import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, fieldErrors } from './errors.ts';

/** Hono's Zod validator answering in the one error shape: 400 with a message per field. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw AppError.validation(fieldErrors(result.error));
  });
}

/** Parses a body with a schema built per request (rules that need the clock or the settings). */
export function parseOrThrow<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
  return result.data;
}
