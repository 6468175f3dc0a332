/** What the guard list tests ask of `/api/guards`, and the guards they ask it about. */
import { expect } from 'vitest';
import type { GuardListDto } from '@ops/shared/schemas/guards';
import type { Database } from '../db/client.ts';
import { insertGuard } from './fixtures.ts';
import type { TestClient } from './test-client.ts';

export async function list(client: TestClient, query = ''): Promise<GuardListDto> {
  const res = await client.get(`/api/guards${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as GuardListDto;
}

export const names = (page: GuardListDto) => page.items.map((g) => g.displayName);

/** One guard in each state: only Amani and Baraka are approved. */
export async function guardsInEveryState(db: Database) {
  return {
    amani: await insertGuard(db, { fullName: 'Amani', experienceYears: 5 }),
    baraka: await insertGuard(db, { fullName: 'Baraka', experienceYears: 4 }),
    chege: await insertGuard(db, { fullName: 'Chege', status: 'pending' }),
    daudi: await insertGuard(db, { fullName: 'Daudi', status: 'pending_approval' }),
    erick: await insertGuard(db, { fullName: 'Erick', status: 'rejected', rejectionReason: 'Police clearance expired' }),
  };
}
