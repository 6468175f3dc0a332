import type { BookingPaymentStatus, BookingStatus, Role } from '../constants.ts';

/**
 * What each role may do beyond its own records, by name. The server enforces these
 * (requirePermission); the web only hides what the server would refuse. Ownership rules (a client's
 * own bookings, a guard's own jobs) are not permissions: they stay with the services.
 */
export const PERMISSIONS = [
  /** Open the admin console and read its overview. */
  'console.view',
  /** Read any guard's profile, contact details and onboarding in the console. */
  'guards.read_any',
  /** Approve, unapprove and reject guards. */
  'guards.approve',
  /** Tick off onboarding stages. */
  'officers.manage',
  /** Read any guard's uploaded documents (each read is logged). */
  'documents.read_any',
  /** Read and export the audit trail. */
  'activity.read',
  'clients.manage',
  'bookings.manage',
  /** Read the payments table, its summary and its CSV export. */
  'payments.read',
  /** Give back 95% of a booking's payment through the provider. */
  'payments.refund',
  'notifications.broadcast',
  'settings.manage',
  /** Make or unmake admins and partners. */
  'roles.manage',
  /** Cohorts, enrolments, attendance, certificates. */
  'academy.manage',
  /** Read course materials, instructor CVs and facility photos. */
  'academy.materials.read',
  /** Mark a cohort as audited by the accrediting association. */
  'cohorts.audit',
  'partner_portal.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'cohorts.audit' && p !== 'partner_portal.view');

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ADMIN_PERMISSIONS,
  partner: ['partner_portal.view', 'cohorts.audit', 'academy.materials.read'],
  guard: [],
  client: [],
};

/** Whether someone of this role may do this; nobody signed in may do nothing. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

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

/**
 * Whether a guard may see who a booking's client is and where exactly to go (name, specific
 * location, phone): only on a job the guard is on (the booking's own guard or one of its team,
 * `assigned`), paid and not cancelled. Otherwise the guard sees the area alone. Unpaid holds come
 * and go; a cancelled job is none of theirs any more.
 */
export function guardSeesClientDetails(booking: { status: BookingStatus; paymentStatus: BookingPaymentStatus }, assigned: boolean): boolean {
  return assigned && booking.paymentStatus === 'paid' && booking.status !== 'cancelled';
}
