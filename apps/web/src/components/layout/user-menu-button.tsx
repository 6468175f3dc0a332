import { lazy, Suspense, useState } from 'react';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { initials } from '@/lib/initials.ts';
import { USER_MENU_TRIGGER_CLASS, userMenuLabel } from './user-menu-trigger.ts';

const loadMenu = () => import('./user-menu.tsx');
const UserMenu = lazy(() => loadMenu().then((m) => ({ default: m.UserMenu })));

/**
 * The round button with the user's initials. The menu's code (Radix's menu and its positioning)
 * is fetched when a pointer or focus comes near, and the menu is mounted, open, on the first press.
 */
export function UserMenuButton({ profile }: { profile: ProfileDto }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadMenu();
  const button = (
    <button
      type="button"
      aria-label={userMenuLabel(profile)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASS}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
    >
      <span aria-hidden="true">{initials(profile.fullName)}</span>
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu profile={profile} defaultOpen />
    </Suspense>
  );
}
