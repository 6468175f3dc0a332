import type { Role } from '../constants.ts';

/** Where "Go to Dashboard" on the home page leads for each role. */
export function dashboardPathFor(role: Role): string {
  if (role === 'admin') return '/admin';
  if (role === 'guard') return '/guard-dashboard';
  return '/client-dashboard';
}

export function homeWelcomeText(role: Role): string {
  if (role === 'client') return 'Ready to book your next security service?';
  if (role === 'guard') return 'Check your bookings and update your availability';
  return 'Manage the OPS platform';
}

export const canBookGuards = (role: Role | undefined): boolean => role === 'client';
