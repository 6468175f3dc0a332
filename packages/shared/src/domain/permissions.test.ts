import { describe, expect, it } from 'vitest';
import { canBookGuards, dashboardPathFor, guardSeesClientDetails, homeWelcomeText } from './permissions.ts';

describe('where each role goes and what it reads', () => {
  it.each([
    ['admin', '/admin', 'Manage the OPS platform'],
    ['guard', '/guard-dashboard', 'Check your bookings and update your availability'],
    ['client', '/client-dashboard', 'Ready to book your next security service?'],
    ['partner', '/client-dashboard', 'Manage the OPS platform'],
  ] as const)('%s: dashboard %s, welcome %j', (role, path, text) => {
    expect(dashboardPathFor(role)).toBe(path);
    expect(homeWelcomeText(role)).toBe(text);
  });

  it('lets only clients book guards', () => {
    expect(canBookGuards('client')).toBe(true);
    for (const role of ['guard', 'partner', 'admin', undefined] as const) expect(canBookGuards(role)).toBe(false);
  });
});

describe('what a guard sees of a booking’s client', () => {
  const me = 'guard-me';
  it.each([
    ['pending', 'unpaid', me, false],
    ['pending', 'pending', me, false],
    ['pending', 'failed', me, false],
    ['confirmed', 'paid', me, true],
    ['completed', 'paid', me, true],
    ['cancelled', 'refunded', me, false],
    ['cancelled', 'unpaid', me, false],
    ['confirmed', 'paid', 'another-guard', false],
    ['confirmed', 'paid', null, false],
  ] as const)('%s and %s, assigned to %s: %s', (status, paymentStatus, guardProfileId, sees) => {
    expect(guardSeesClientDetails({ status, paymentStatus, guardProfileId }, me)).toBe(sees);
  });
});
