import { describe, expect, it } from 'vitest';
import { can, canBookGuards, dashboardPathFor, guardSeesClientDetails, homeWelcomeText, PERMISSIONS, type Permission } from './permissions.ts';

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
    expect(guardSeesClientDetails({ status, paymentStatus }, guardProfileId === me)).toBe(sees);
  });
});

describe('named permissions', () => {
  it.each<[Permission, boolean, boolean]>([
    // permission, admin, partner
    ['console.view', true, false],
    ['guards.approve', true, false],
    ['officers.manage', true, false],
    ['documents.read_any', true, false],
    ['activity.read', true, false],
    ['payments.refund', true, false],
    ['roles.manage', true, false],
    ['academy.materials.read', true, true],
    ['cohorts.audit', false, true],
    ['partner_portal.view', false, true],
  ])('%s: admin %s, partner %s', (permission, admin, partner) => {
    expect(can('admin', permission)).toBe(admin);
    expect(can('partner', permission)).toBe(partner);
  });

  it('gives clients, guards and visitors none of them', () => {
    for (const permission of PERMISSIONS) {
      for (const role of ['client', 'guard', undefined, null] as const) expect(can(role, permission)).toBe(false);
    }
  });
});
