import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { FIRST_LOAD_CLASSES } from '@/components/ui/first-load-classes.ts';
import type { DrawerNotifications } from './mobile-nav-drawer.tsx';

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
      <button
        ref={triggerRef}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={FIRST_LOAD_CLASSES.menuButton.className}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} drawerNotifications={drawerNotifications} />
        </Suspense>
      ) : null}
    </>
  );
}
