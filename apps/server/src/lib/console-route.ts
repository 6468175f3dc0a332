import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { ZodType } from 'zod';
import type { ConsoleActionContext } from './console-action.ts';
import type { AppEnv } from './context.ts';
import { AppError, fieldErrors } from './errors.ts';
import { auditActor } from '../modules/audit/audit.routes.ts';

/** A JSON body checked by a schema; a refusal reads as its first field's message (the dialog's toast shows it). */
export function body<T extends ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) {
      const fields = fieldErrors(result.error);
      throw AppError.validation(fields, Object.values(fields)[0]);
    }
  });
}

export function consoleAction(c: Context<AppEnv>): ConsoleActionContext {
  const { db, logger, clock } = c.get('deps');
  return { db, logger, actor: auditActor(c), now: clock() };
}

export const noStore = (c: Context<AppEnv>) => c.header('cache-control', 'no-store');
