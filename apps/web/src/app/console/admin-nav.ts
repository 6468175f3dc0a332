import {
  Bell,
  CalendarDays,
  CreditCard,
  GraduationCap,
  History,
  LayoutDashboard,
  Radar,
  Settings,
  Shield,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ConsoleView } from './use-console-view.ts';

export interface ConsoleNavItem {
  view: ConsoleView;
  label: string;
  icon: LucideIcon;
}

/** The sidebar, in the specification's order; the audit trail's Activity comes last. */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { view: 'overview', label: 'Dashboard', icon: LayoutDashboard },
  { view: 'onboarding', label: 'Officer Onboarding', icon: UserCheck },
  { view: 'guards', label: 'Guards', icon: Shield },
  { view: 'clients', label: 'Clients', icon: Users },
  { view: 'today', label: 'Today', icon: Radar },
  { view: 'bookings', label: 'Bookings', icon: CalendarDays },
  { view: 'payments', label: 'Payments', icon: CreditCard },
  { view: 'training', label: 'Training', icon: GraduationCap },
  { view: 'notifications', label: 'Notifications', icon: Bell },
  { view: 'settings', label: 'Settings', icon: Settings },
  { view: 'activity', label: 'Activity', icon: History },
];

export const viewLabel = (view: ConsoleView): string => CONSOLE_NAV.find((item) => item.view === view)?.label ?? 'Dashboard';
