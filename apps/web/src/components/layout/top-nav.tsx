import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Bell, ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '@ops/shared/constants';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { cn } from '@/lib/utils.ts';
import { MobileNav } from './mobile-nav.tsx';
import { mainNavItems, NOTIFICATIONS_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from './nav-items.ts';
import { SocialLinks } from './social-links.tsx';

// Only signed-in users have a menu; visitors never download it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white',
    isActive && 'bg-white/10 text-white',
  );

export function TopNav() {
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

        <div className="ml-auto hidden items-center gap-2 md:flex">
          <SocialLinks
            networks={['linkedin', 'whatsapp']}
            linkClassName="text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          />
          {loading ? (
            <div className="w-40" aria-hidden="true" />
          ) : profile ? (
            <>
              <Button
                asChild
                variant="ghost"
                size="icon"
                className="text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white"
              >
                <Link to={NOTIFICATIONS_PATH} aria-label="Notifications">
                  <Bell className="size-5" aria-hidden="true" />
                </Link>
              </Button>
              <Suspense fallback={<span className="size-10 rounded-full bg-white/10" aria-hidden="true" />}>
                <UserMenu profile={profile} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" className="text-white hover:bg-white/10 focus-visible:outline-white">
                <Link to={SIGN_IN_PATH}>Sign In</Link>
              </Button>
              <Button asChild variant="accent" className="focus-visible:outline-white">
                <Link to={SIGN_UP_PATH}>Sign Up</Link>
              </Button>
            </>
          )}
        </div>

        <div className="ml-auto md:hidden">
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
