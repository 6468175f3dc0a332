import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { PanelLeft } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { Sheet, SheetContent, SheetTitle } from './sheet.tsx';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip.tsx';

/*
 * A collapsible side navigation in the manner of shadcn/ui's sidebar, cut down to what the console
 * uses: 16rem open, 3rem as icons, and below 768 px a sheet 18rem wide. Ctrl/Cmd+B toggles it; the
 * open state is remembered in a cookie for a week.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
const MOBILE_QUERY = '(max-width: 767px)';
/**
 * The widths, as CSS variables. The phone's sheet is drawn in a portal outside the provider's
 * element, so it carries its own.
 */
const SIDEBAR_WIDTHS = { '--sidebar-width': '16rem', '--sidebar-width-mobile': '18rem', '--sidebar-width-icon': '3rem' } as CSSProperties;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True below 768 px, where the sidebar is a sheet. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

function readOpenCookie(): boolean | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE_NAME}=(true|false)`));
  return match ? match[1] === 'true' : null;
}

function writeOpenCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = use(SidebarContext);
  if (!value) throw new Error('useSidebar must be used within a SidebarProvider');
  return value;
}

export function SidebarProvider({ children, className, style }: { children: ReactNode; className?: string; style?: CSSProperties }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readOpenCookie() ?? true);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeOpenCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <TooltipProvider delayDuration={0}>
        <div style={{ ...SIDEBAR_WIDTHS, ...style }} className={cn('flex min-h-dvh w-full', className)}>
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext>
  );
}

/** The sidebar itself: a fixed column on wide screens, a sheet from the left on phones. */
export function Sidebar({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  const panel = cn('flex h-full w-full flex-col bg-primary text-primary-foreground', className);

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          aria-describedby={undefined}
          style={SIDEBAR_WIDTHS}
          className="w-(--sidebar-width-mobile) max-w-none gap-0 border-0 p-0 text-primary-foreground [&>button]:text-primary-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <div className={panel}>{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div className="group peer hidden md:block" data-state={state} data-collapsible={state === 'collapsed' ? 'icon' : ''}>
      {/* Holds the sidebar's width in the page's flow; the sidebar itself is fixed. */}
      <div className="relative w-(--sidebar-width) transition-[width] duration-200 group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
      <div className="fixed inset-y-0 left-0 z-10 flex h-dvh w-(--sidebar-width) transition-[width] duration-200 group-data-[collapsible=icon]:w-(--sidebar-width-icon)">
        <div className={panel}>{children}</div>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<'button'>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <button
      type="button"
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl+B)"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft className="size-5" aria-hidden="true" />
    </button>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-w-0 flex-1 flex-col bg-muted/40', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex h-16 shrink-0 items-center gap-2 border-b border-white/10 px-3', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto p-2', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  icon: ReactNode;
  /** The item's words: shown beside the icon, or as a tooltip (and the accessible name) when collapsed. */
  label: string;
  isActive?: boolean;
}

export function SidebarMenuButton({ icon, label, isActive = false, className, ...props }: SidebarMenuButtonProps) {
  const { state, isMobile } = useSidebar();
  const button = (
    <button
      type="button"
      aria-current={isActive ? 'page' : undefined}
      data-active={isActive}
      className={cn(
        'flex h-10 w-full items-center gap-3 overflow-hidden rounded-md px-2.5 text-left text-sm text-primary-foreground/85 outline-none hover:bg-white/10 hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white data-[active=true]:bg-accent data-[active=true]:font-semibold data-[active=true]:text-accent-foreground group-data-[collapsible=icon]:size-8 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:p-1.5 [&>svg]:size-5 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    >
      {icon}
      <span className="truncate group-data-[collapsible=icon]:sr-only">{label}</span>
    </button>
  );
  if (isMobile || state === 'expanded') return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
