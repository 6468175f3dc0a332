import { describe, expect, it } from 'vitest';
import { firstReadPath } from './first-read.ts';

describe('a page’s first read', () => {
  it.each([
    ['cpo', '/api/courses/cpo'],
    ['OPS-ABCDE-FGHJK-MNPQR-%3D', '/api/courses/OPS-ABCDE-FGHJK-MNPQR-%3D'],
    ['OPS-ABCDE-FGHJK-MNPQR-=', '/api/courses/OPS-ABCDE-FGHJK-MNPQR-%3D'],
    ['OPS-ABCDE-FGHJK-MNPQR-$', '/api/courses/OPS-ABCDE-FGHJK-MNPQR-%24'],
    ['OPS-ABCDE-FGHJK-MNPQR-%2A', '/api/courses/OPS-ABCDE-FGHJK-MNPQR-*'],
    ['a%2Fb', '/api/courses/a%2Fb'],
    ['%E0%A4%A', '/api/courses/%25E0%25A4%25A'],
    [undefined, '/api/courses/'],
  ])('puts %s in as one encoded segment', (raw, path) => {
    expect(firstReadPath('/api/courses/:courseId', { courseId: raw })).toBe(path);
  });
});
