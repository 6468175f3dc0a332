import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.ts';
import { keptTableEstimate, TABLE_ESTIMATE_KEPT_MS } from './admin-list.ts';

describe("a whole table's kept size estimate", () => {
  const db = {} as Executor;

  it('asks the database once within the keeping time, and again after it', async () => {
    let asked = 0;
    const estimate = () => Promise.resolve(++asked * 1000);
    const t0 = 1_000_000;
    expect(await keptTableEstimate(db, 'probe_a', estimate, t0)).toBe(1000);
    expect(await keptTableEstimate(db, 'probe_a', estimate, t0 + TABLE_ESTIMATE_KEPT_MS - 1)).toBe(1000);
    expect(asked).toBe(1);
    expect(await keptTableEstimate(db, 'probe_a', estimate, t0 + TABLE_ESTIMATE_KEPT_MS)).toBe(2000);
    expect(asked).toBe(2);
  });

  it('keeps each table apart, and each database handle apart', async () => {
    const other = {} as Executor;
    expect(await keptTableEstimate(db, 'probe_b', () => Promise.resolve(7), 0)).toBe(7);
    expect(await keptTableEstimate(db, 'probe_c', () => Promise.resolve(9), 0)).toBe(9);
    expect(await keptTableEstimate(other, 'probe_b', () => Promise.resolve(11), 0)).toBe(11);
  });

  it('does not keep a failed estimate', async () => {
    await expect(keptTableEstimate(db, 'probe_d', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await keptTableEstimate(db, 'probe_d', () => Promise.resolve(5), 1)).toBe(5);
  });
});
