import { pingDatabase, type Database } from '../../db/client.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { engine: 'pglite' | 'postgres'; status: 'up' | 'down' };
}

export async function checkHealth(db: Database, engine: 'pglite' | 'postgres'): Promise<HealthReport> {
  const up = await pingDatabase(db);
  return { status: up ? 'ok' : 'degraded', database: { engine, status: up ? 'up' : 'down' } };
}
