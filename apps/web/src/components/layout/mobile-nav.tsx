import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** Renders the drawer's notifications entry, styled like the drawer's other items. */
export type DrawerNotifications = (props: { closeDrawer: () => void; itemClassName: string }) => ReactNode;

const loadDrawer = () => import('./mobile-nav-drawer.tsx');
const MobileNavDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileNavDrawer })));

/**
 * The 'Menu' button for small screens. The drawer's code is fetched when a finger or pointer
 * comes near the button, so it costs nothing on pages where nobody opens it.
 */
export function MobileNav({ drawerNotifications }: { drawerNotifications?: DrawerNotifications | undefined }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDrawer();

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="text-primary-foreground hover:bg-white/10 focus-visible:outline-white"
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileNavDrawer
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={triggerRef}
            drawerNotifications={drawerNotifications}
          />
        </Suspense>
      ) : null}
    </>
  );
}
