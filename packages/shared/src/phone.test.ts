import { describe, expect, it } from 'vitest';
import { formatKenyanPhone, normalizeKenyanPhone } from './phone.ts';

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['0110 123 456', '254110123456'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['254 110 123 456', '254110123456'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['0812345678', 'not a mobile prefix'],
    ['071234567', 'too short'],
    ['07123456789', 'too long'],
    ['+255712345678', 'Tanzanian'],
    ['+1 202 555 0100', 'American'],
    ['07l2345678', 'a letter'],
    ['00254712345678', 'international prefix'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizeKenyanPhone(input)).toBeNull();
  });
});

describe('formatKenyanPhone', () => {
  it('groups a stored number for reading', () => {
    expect(formatKenyanPhone('254712345678')).toBe('+254 712 345 678');
  });
  it('leaves anything else as it is', () => {
    expect(formatKenyanPhone('12345')).toBe('12345');
  });
});
