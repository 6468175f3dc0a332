import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect: a path on this site, or home', () => {
  it.each([
    '/',
    '/guards',
    '/guard/5d0c2a8e-0000-4000-8000-000000000000',
    '/booking?guardId=5d0c2a8e-0000-4000-8000-000000000000',
    '/booking-success?payment=abc&tracking_id=XY_1-2',
    '/courses/basic-guarding?redirect=%2Fcourses',
    '/guards?sort=rating&specialization=Event%20security%20(Bouncer)',
    '/profile#guard-profile',
    '/guard/a%20b',
  ])('keeps %j', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['another site without a scheme', '//evil.example'],
    ['another site without a scheme, with a path', '//evil.example/guards'],
    ['another site', 'https://evil.example'],
    ['another site over http', 'http://evil.example/auth'],
    ['a scheme with one slash', 'http:/evil'],
    ['a backslash read as a slash', '/\\evil'],
    ['two backslashes', '\\\\evil'],
    ['a backslash later on', '/guards\\..\\\\evil.example'],
    ['slashes written as %2F', '/%2F%2Fevil.example'],
    ['slashes written as lower-case %2f', '/%2f%2fevil.example'],
    ['a backslash written as %5C', '/%5Cevil'],
    ['a script', 'javascript:alert(1)'],
    ['a script in capitals', 'JavaScript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a tab the browser drops', '/\t/evil'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['a carriage return', '/guards\r\nSet-Cookie: x=1'],
    ['a NUL', '/guards\u0000'],
    ['an encoded tab', '/%09/evil.example'],
    ['a broken escape', '/guard/%E0%A4%A'],
    ['a relative path', 'guards'],
    ['a dot path', '../guards'],
    ['empty', ''],
    ['a space before the slash', ' /guards'],
    ['far too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
    ['not text', 42],
    ['nothing', undefined],
    ['null', null],
    ['a list', ['/guards']],
  ])('sends %s home', (_what, value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
