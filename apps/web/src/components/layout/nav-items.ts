import type { Role } from '@ops/shared/constants';

export interface NavItem {
  label: string;
  to: string;
}

/** The main navigation, the same in the top bar and the mobile drawer. */
export function mainNavItems(signedIn: boolean): NavItem[] {
  return [
    { label: 'Security Booking', to: '/guards' },
    { label: 'Training', to: '/courses' },
    ...(signedIn ? [{ label: 'My Learning', to: '/student-dashboard' }] : []),
  ];
}

/** The signed-in user's own pages (user menu and drawer); the Partner Portal only for partners. */
export function accountNavItems(role: Role): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    ...(role === 'partner' ? [{ label: 'Partner Portal', to: '/partner-dashboard' }] : []),
    { label: 'Profile', to: '/profile' },
  ];
}
