import { Link } from 'wouter';
import { GraduationCap, LayoutDashboard, LogOut, Handshake, User } from 'lucide-react';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { ROLE_LABELS } from '@ops/shared/constants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { initials } from '@/lib/initials.ts';
import { accountNavItems, type NavItem } from './nav-items.ts';
import { USER_MENU_TRIGGER_CLASS, userMenuLabel } from './user-menu-trigger.ts';
import { useSignOutAction } from './use-sign-out-action.ts';

const ICONS: Record<string, typeof User> = {
  '/dashboard': LayoutDashboard,
  '/partner-dashboard': Handshake,
  '/student-dashboard': GraduationCap,
  '/profile': User,
};

/** The account's pages, with the student dashboard after Dashboard (the drawer lists it with the main links). */
function menuItems(role: ProfileDto['role']): NavItem[] {
  const items = accountNavItems(role);
  items.splice(1, 0, { label: 'My Courses', to: '/student-dashboard' });
  return items;
}

/** The signed-in user's menu; loaded when it is first opened, and then opened at once. */
export function UserMenu({ profile, defaultOpen = false }: { profile: ProfileDto; defaultOpen?: boolean }) {
  const signOut = useSignOutAction();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={userMenuLabel(profile)} className={USER_MENU_TRIGGER_CLASS}>
        <span aria-hidden="true">{initials(profile.fullName)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{profile.fullName}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{ROLE_LABELS[profile.role]}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuItems(profile.role).map((item) => {
          const Icon = ICONS[item.to] ?? User;
          return (
            <DropdownMenuItem key={item.to} asChild>
              <Link to={item.to}>
                <Icon aria-hidden="true" />
                {item.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
