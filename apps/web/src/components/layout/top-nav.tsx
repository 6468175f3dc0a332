import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { FIRST_LOAD_CLASSES } from '@/components/ui/first-load-classes.ts';
import { useAuth } from '@/lib/auth-context.tsx';
import { BrandMark } from './brand-mark.tsx';
import { MobileNav } from './mobile-nav.tsx';
import type { DrawerNotifications } from './mobile-nav-drawer.tsx';
import { mainNavItems } from './nav-items.ts';
import { useAuthLinks } from './use-auth-links.ts';
import { SocialLinks } from './social-links.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

/** A section's link is current on its own page and on the pages under it (/guards/…). */
function isCurrent(path: string, to: string): boolean {
  return path === to || path.startsWith(`${to}/`);
}

interface TopNavProps {
  /** The notifications bell for signed-in users; the app composes it from the notifications feature. */
  notificationsBell?: ReactNode;
  /** The notifications entry of the mobile drawer. */
  drawerNotifications?: DrawerNotifications;
}

export function TopNav({ notificationsBell, drawerNotifications }: TopNavProps) {
  const authLinks = useAuthLinks();
  const { profile, loading } = useAuth();
  const [path] = useLocation();

  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white">
          <BrandMark withSlogan />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavItems(Boolean(profile)).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={isCurrent(path, item.to) ? 'page' : undefined}
                  className={(isCurrent(path, item.to) ? FIRST_LOAD_CLASSES.navLinkActive : FIRST_LOAD_CLASSES.navLink).className}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <SocialLinks
            networks={['linkedin', 'whatsapp']}
            className="hidden md:flex"
            linkClassName="text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          />
          {loading ? (
            <div className="hidden w-40 md:block" aria-hidden="true" />
          ) : profile ? (
            <>
              {/* One bell for every screen size: the unread count stays in sight on a phone. */}
              {notificationsBell}
              <div className="hidden md:block">
                <UserMenuButton profile={profile} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={authLinks.signIn} className={FIRST_LOAD_CLASSES.headerSignIn.className}>
                Sign In
              </Link>
              <Link to={authLinks.signUp} className={FIRST_LOAD_CLASSES.headerSignUp.className}>
                Sign Up
              </Link>
            </div>
          )}
          <div className="md:hidden">
            <MobileNav drawerNotifications={drawerNotifications} />
          </div>
        </div>
      </div>
    </header>
  );
}
