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
