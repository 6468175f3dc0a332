import { describe, expect, it } from 'vitest';
import { CERTIFICATE_REF_PATTERN, newCertificateRef, normalizeCertificateRef } from './certificate-ref.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CHECK_SYMBOLS = `${ALPHABET}*~$=U`;

/** The 15 body characters of a canonical reference, and its check symbol. */
const parts = (ref: string) => ({ body: ref.slice(4, -2).replace(/-/g, ''), check: ref.slice(-1) });
const assemble = (body: string, check: string) => `OPS-${body.slice(0, 5)}-${body.slice(5, 10)}-${body.slice(10, 15)}-${check}`;

describe('newCertificateRef', () => {
  it('looks like OPS-XXXXX-XXXXX-XXXXX-C and reads back as itself', () => {
    for (let i = 0; i < 200; i += 1) {
      const ref = newCertificateRef();
      expect(ref).toMatch(/^OPS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z*~$=U]$/);
      expect(ref).toMatch(CERTIFICATE_REF_PATTERN);
      expect(normalizeCertificateRef(ref)).toBe(ref);
    }
  });

  it('gives 10,000 different references', () => {
    const refs = new Set(Array.from({ length: 10_000 }, () => newCertificateRef()));
    expect(refs.size).toBe(10_000);
  });

  it('uses every body character, so the 75 bits are all random', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) for (const char of parts(newCertificateRef()).body) seen.add(char);
    expect([...seen].sort().join('')).toBe([...ALPHABET].sort().join(''));
  });
});

describe('normalizeCertificateRef: the check symbol', () => {
  const samples = Array.from({ length: 20 }, () => newCertificateRef());

  it('rejects every single-character substitution of the body and of the check symbol', () => {
    for (const ref of samples) {
      const { body, check } = parts(ref);
      for (let i = 0; i < body.length; i += 1) {
        for (const other of ALPHABET) {
          if (other === body[i]) continue;
          const typo = body.slice(0, i) + other + body.slice(i + 1);
          expect(normalizeCertificateRef(assemble(typo, check)), `${ref}: position ${i} → ${other}`).toBeNull();
        }
      }
      for (const other of CHECK_SYMBOLS) {
        if (other !== check) expect(normalizeCertificateRef(assemble(body, other))).toBeNull();
      }
    }
  });

  it('rejects every swap of two neighbouring different characters', () => {
    for (const ref of samples) {
      const { body, check } = parts(ref);
      const whole = body + check;
      for (let i = 0; i + 1 < whole.length; i += 1) {
        if (whole[i] === whole[i + 1]) continue;
        const swapped = whole.slice(0, i) + whole[i + 1] + whole[i] + whole.slice(i + 2);
        // A swap that puts a body-only symbol in the check place (or back) is rejected as well.
        expect(normalizeCertificateRef(assemble(swapped.slice(0, 15), swapped.slice(15))), `${ref}: swap at ${i}`).toBeNull();
      }
    }
  });
});

describe('normalizeCertificateRef: what people type', () => {
  const body = '7KQ2MX9T4DHB3ZR';
  const fitting = [...CHECK_SYMBOLS].filter((c) => normalizeCertificateRef(assemble(body, c)) !== null);
  const valid = assemble(body, fitting[0] ?? '?');

  it('accepts exactly one check symbol per body', () => {
    expect(fitting).toHaveLength(1);
  });

  it('forgives case, spaces, missing dashes and the missing prefix', () => {
    const bare = valid.replace(/-/g, '');
    expect(normalizeCertificateRef(`  ${valid.toLowerCase()}  `)).toBe(valid);
    expect(normalizeCertificateRef(bare)).toBe(valid);
    expect(normalizeCertificateRef(bare.slice(3))).toBe(valid);
    expect(normalizeCertificateRef(valid.slice(4))).toBe(valid);
    expect(normalizeCertificateRef(valid.replace(/-/g, ' '))).toBe(valid);
    expect(normalizeCertificateRef('ops-' + valid.slice(4).replace(/-/g, '').toLowerCase())).toBe(valid);
  });

  it('reads O as zero and I or L as one', () => {
    const canonicalBody = '100001111100001';
    const check = [...CHECK_SYMBOLS].find((c) => normalizeCertificateRef(assemble(canonicalBody, c)) !== null)!;
    expect(normalizeCertificateRef(assemble('IOOOOLIlI1oOoOl', check))).toBe(assemble(canonicalBody, check));
  });

  it('rejects what cannot be a reference', () => {
    const wrongCheck = assemble(body, CHECK_SYMBOLS.replace(fitting[0]!, '')[0]!);
    for (const input of [
      '',
      '   ',
      'OPS',
      valid.slice(0, -2),
      valid + 'A',
      wrongCheck,
      valid.replace('OPS', 'ABC'),
      'x'.repeat(10_000),
      "OPS-'; DROP TABLE--",
    ]) {
      expect(normalizeCertificateRef(input), input.slice(0, 40)).toBeNull();
    }
  });

  it('rejects U and symbols in the body', () => {
    const check = valid.slice(-1);
    expect(normalizeCertificateRef(assemble('U' + body.slice(1), check))).toBeNull();
    expect(normalizeCertificateRef(assemble('*' + body.slice(1), check))).toBeNull();
  });
});
