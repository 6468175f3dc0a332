import { describe, expect, it } from 'vitest';
import { canBookGuards, dashboardPathFor, homeWelcomeText } from './permissions.ts';

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
