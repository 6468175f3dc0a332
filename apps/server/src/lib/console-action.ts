import type { Database } from '../db/client.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import type { Logger } from './logger.ts';

/**
 * Who acts in the console, and when: every change is written with its audit row. Its own file so
 * that services take it without importing the route helpers that build it (console-route.ts),
 * which reach the sign-in middleware.
 */
export interface ConsoleActionContext {
  db: Database;
  logger: Logger;
  actor: AuditActor;
  now: Date;
}
