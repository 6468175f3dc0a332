import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import {
  Sidebar,
  SidebarContent,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar.tsx';
import type { ConsoleView } from './use-console-view.ts';
import { CONSOLE_NAV } from './admin-nav.ts';
import { AdminUserMenu } from './admin-user-menu.tsx';

interface AdminShellProps {
  profile: ProfileDto;
  view: ConsoleView;
  onViewChange: (view: ConsoleView) => void;
  children: ReactNode;
}

function ConsoleNav({ view, onViewChange }: Pick<AdminShellProps, 'view' | 'onViewChange'>) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <nav aria-label="Admin">
      <SidebarMenu>
        {CONSOLE_NAV.map((item) => (
          <SidebarMenuItem key={item.view}>
            <SidebarMenuButton
              icon={<item.icon aria-hidden="true" />}
              label={item.label}
              isActive={item.view === view}
              onClick={() => {
                onViewChange(item.view);
                if (isMobile) setOpenMobile(false);
              }}
            />
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
    </nav>
  );
}

/** The console's frame: the 'OPS Admin' sidebar, the 'Admin Dashboard' header with the avatar menu, and the view. */
export function AdminShell({ profile, view, onViewChange, children }: AdminShellProps) {
  return (
    <SidebarProvider>
      <Sidebar label="OPS Admin">
        <SidebarHeader>
          <ShieldCheck className="size-6 shrink-0 text-accent" aria-hidden="true" />
          <span className="truncate text-lg font-bold group-data-[collapsible=icon]:sr-only">OPS Admin</span>
        </SidebarHeader>
        <SidebarContent>
          <ConsoleNav view={view} onViewChange={onViewChange} />
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-3 border-b bg-background px-3 sm:px-4">
          <SidebarTrigger />
          <h1 className="truncate text-lg font-semibold sm:text-xl">Admin Dashboard</h1>
          <div className="ml-auto">
            <AdminUserMenu profile={profile} />
          </div>
        </header>
        <main id="main" className="grid min-w-0 flex-1 content-start gap-6 p-4 sm:p-6">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
