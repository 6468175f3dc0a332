import { Link } from 'wouter';
import { LayoutDashboard, LogOut, Handshake, User } from 'lucide-react';
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
import { initials } from '@/lib/utils.ts';
import { accountNavItems } from './nav-items.ts';
import { useSignOutAction } from './use-sign-out-action.ts';

const ICONS: Record<string, typeof User> = {
  '/dashboard': LayoutDashboard,
  '/partner-dashboard': Handshake,
  '/profile': User,
};

export function UserMenu({ profile }: { profile: ProfileDto }) {
  const signOut = useSignOutAction();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="User menu"
        className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <span aria-hidden="true">{initials(profile.fullName)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{profile.fullName}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">
            {ROLE_LABELS[profile.role]}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountNavItems(profile.role).map((item) => {
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
