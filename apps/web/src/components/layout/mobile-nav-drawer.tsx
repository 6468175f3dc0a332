import type { ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Separator } from '@/components/ui/separator.tsx';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { accountNavItems, mainNavItems } from './nav-items.ts';
import { useAuthLinks } from './use-auth-links.ts';
import { SocialLinks } from './social-links.tsx';
import { useSignOutAction } from './use-sign-out-action.ts';

const itemClass =
  'flex min-h-11 items-center gap-3 rounded-md px-3 text-base font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/** Renders the drawer's notifications entry, styled like the drawer's other items. */
export type DrawerNotifications = (props: { closeDrawer: () => void; itemClassName: string }) => ReactNode;

interface MobileNavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  drawerNotifications?: DrawerNotifications | undefined;
}

/** The drawer repeats the top bar's items, account links included. */
export function MobileNavDrawer({ open, onOpenChange, returnFocusTo, drawerNotifications }: MobileNavDrawerProps) {
  const authLinks = useAuthLinks();
  const { profile, loading } = useAuth();
  const signOut = useSignOutAction();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {mainNavItems(Boolean(profile)).map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={itemClass} onClick={close}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Separator />
        {loading ? null : profile ? (
          <div className="grid gap-1">
            <p className="truncate px-3 text-sm text-muted-foreground">{profile.fullName}</p>
            {drawerNotifications?.({ closeDrawer: close, itemClassName: itemClass })}
            {accountNavItems(profile.role).map((item) => (
              <Link key={item.to} to={item.to} className={itemClass} onClick={close}>
                {item.label}
              </Link>
            ))}
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                close();
                void signOut();
              }}
            >
              <LogOut className="size-5 text-muted-foreground" aria-hidden="true" />
              Sign Out
            </button>
          </div>
        ) : (
          <div className="grid gap-2">
            <Button asChild variant="outline" size="lg">
              <Link to={authLinks.signIn} onClick={close}>
                Sign In
              </Link>
            </Button>
            <Button asChild variant="accent" size="lg">
              <Link to={authLinks.signUp} onClick={close}>
                Sign Up
              </Link>
            </Button>
          </div>
        )}
        <Separator />
        <SocialLinks networks={['linkedin', 'whatsapp']} linkClassName="text-foreground hover:bg-muted focus-visible:outline-ring" />
      </SheetContent>
    </Sheet>
  );
}
