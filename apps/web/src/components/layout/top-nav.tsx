import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '@ops/shared/constants';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { cn } from '@/lib/utils.ts';
import { MobileNav, type DrawerNotifications } from './mobile-nav.tsx';
import { mainNavItems, SIGN_IN_PATH, SIGN_UP_PATH } from './nav-items.ts';
import { SocialLinks } from './social-links.tsx';

// Only signed-in users have a menu; visitors never download it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white',
    isActive && 'bg-white/10 text-white',
  );

interface TopNavProps {
  /** The notifications bell for signed-in users; the app composes it from the notifications feature. */
  notificationsBell?: ReactNode;
  /** The notifications entry of the mobile drawer. */
  drawerNotifications?: DrawerNotifications;
}

export function TopNav({ notificationsBell, drawerNotifications }: TopNavProps) {
  const { profile, loading } = useAuth();

  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white"
        >
          <ShieldCheck className="size-7 text-accent" aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavItems(Boolean(profile)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
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
                <Suspense fallback={<span className="block size-10 rounded-full bg-white/10" aria-hidden="true" />}>
                  <UserMenu profile={profile} />
                </Suspense>
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" className="text-white hover:bg-white/10 focus-visible:outline-white">
                <Link to={SIGN_IN_PATH}>Sign In</Link>
              </Button>
              <Button asChild variant="accent" className="focus-visible:outline-white">
                <Link to={SIGN_UP_PATH}>Sign Up</Link>
              </Button>
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
