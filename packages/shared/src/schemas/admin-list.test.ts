import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminListQuery, pageCount } from './admin-list.ts';
import { adminActivityQuery, adminGuardListQuery, officerRejectInput } from './admin.ts';

const query = adminListQuery({
  sorts: ['name', 'created'] as const,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: { status: z.enum(['all', 'approved']).default('all') },
});

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a console table’s query string', () => {
  it('fills in the defaults', () => {
    expect(query.parse({})).toEqual({ q: undefined, sort: 'created', dir: 'desc', page: 1, pageSize: 25, status: 'all' });
  });

  it('trims the search and treats a blank one as none', () => {
    expect(query.parse({ q: '  Akinyi ' }).q).toBe('Akinyi');
    expect(query.parse({ q: '   ' }).q).toBeUndefined();
    expect(query.parse({ q: '' }).q).toBeUndefined();
  });

  it('reads numbers from the URL', () => {
    expect(query.parse({ page: '3', pageSize: '50', sort: 'name', dir: 'asc', status: 'approved' })).toMatchObject({
      page: 3,
      pageSize: 50,
      sort: 'name',
      dir: 'asc',
      status: 'approved',
    });
  });

  it('refuses what it does not know, field by field', () => {
    expect(messages(query.safeParse({ q: 'x'.repeat(101), sort: 'email', dir: 'up', page: '0', pageSize: '20', status: 'gone' }))).toEqual({
      q: 'Search must be at most 100 characters',
      sort: 'Unknown sort column',
      dir: 'Sort direction must be asc or desc',
      page: 'Page starts at 1',
      pageSize: 'Page size must be 10, 25, 50',
      status: expect.any(String),
    });
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25), pageCount(10_000, 50)]).toEqual([1, 1, 2, 200]);
  });
});

describe('the console’s own queries', () => {
  it('lists guards newest first unless told otherwise', () => {
    expect(adminGuardListQuery.parse({})).toMatchObject({ sort: 'created', dir: 'desc', status: 'all' });
  });

  it('wants a reason to reject, trimmed and at most 500 characters', () => {
    expect(messages(officerRejectInput.safeParse({ reason: '   ' }))).toEqual({ reason: 'Please provide a rejection reason' });
    expect(messages(officerRejectInput.safeParse({}))).toEqual({ reason: 'Please provide a rejection reason' });
    expect(messages(officerRejectInput.safeParse({ reason: 'x'.repeat(501) }))).toEqual({ reason: 'The reason must be at most 500 characters' });
    expect(officerRejectInput.parse({ reason: '  No police clearance  ' })).toEqual({ reason: 'No police clearance' });
  });

  it('filters the activity by days, in order, and ignores empty filters', () => {
    expect(adminActivityQuery.parse({ actor: '', from: '2026-11-01', to: '' })).toMatchObject({ actor: undefined, from: '2026-11-01', to: undefined });
    expect(messages(adminActivityQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }))).toEqual({ to: 'To cannot be before From' });
    expect(messages(adminActivityQuery.safeParse({ from: '2026-02-30' }))).toEqual({ from: 'From must be a date (YYYY-MM-DD)' });
  });
});
