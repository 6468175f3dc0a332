import { describe, expect, it } from 'vitest';
import { nameForText } from './prepared.ts';

describe('a statement named by its text', () => {
  it('gives one text one name, and different texts different names', () => {
    const a = 'select 1 from payments where id = $1';
    expect(nameForText(a)).toBe(nameForText(a));
    expect(nameForText(a)).not.toBe(nameForText(`${a} `));
    expect(nameForText(a)).not.toBe(nameForText('select 1 from bookings where id = $1'));
  });

  it("fits PostgreSQL's 63-byte identifiers", () => {
    expect(Buffer.byteLength(nameForText('x'.repeat(10_000)))).toBeLessThanOrEqual(63);
    expect(nameForText('x')).toMatch(/^ops_t_[A-Za-z0-9_-]+$/);
  });
});
