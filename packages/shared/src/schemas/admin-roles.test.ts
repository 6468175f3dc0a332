import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_ROLES, roleChangeOffered } from './admin-roles.ts';

const person = (role: 'admin' | 'partner' | 'client' | 'guard', extra: { isCompany?: boolean; blocked?: boolean } = {}) => ({
  role,
  isCompany: extra.isCompany ?? false,
  blocked: extra.blocked ?? false,
});
const offered = (p: ReturnType<typeof person>) => ASSIGNABLE_ROLES.filter((to) => roleChangeOffered(p, to));

describe('the role changes the console offers', () => {
  it.each([
    ['a client', person('client'), ['admin', 'partner']],
    ['an admin', person('admin'), ['partner', 'client']],
    ['a partner', person('partner'), ['admin', 'client']],
    ['a guard', person('guard'), []],
    ['a company', person('client', { isCompany: true }), []],
    ['a blocked client', person('client', { blocked: true }), []],
  ] as const)('for %s: %j', (_, p, expected) => {
    expect(offered(p)).toEqual(expected);
  });
});
