import { Link } from 'wouter';
import { LogOut, User } from 'lucide-react';
import { ROLE_LABELS } from '@ops/shared/constants';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { useSignOutAction } from '@/components/layout/use-sign-out-action.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { initials } from '@/lib/initials.ts';

/** The admin's avatar menu in the console's header: who is signed in, Profile, Sign out. */
export function AdminUserMenu({ profile }: { profile: ProfileDto }) {
  const signOut = useSignOutAction();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`${initials(profile.fullName)}, Account menu`}
        className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span aria-hidden="true">{initials(profile.fullName)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{profile.fullName}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{ROLE_LABELS.admin}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
