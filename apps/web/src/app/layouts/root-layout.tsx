import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SiteFooter } from '@/components/layout/site-footer.tsx';
import { WhatsAppButton } from '@/components/layout/whatsapp-button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { usePageLoading } from '../lazy-page.tsx';
import { RouteErrorBoundary } from '../routes/route-error.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { SiteHeader } from './site-header.tsx';

/** The admin console brings its own frame (sidebar, header, main) instead of the site's. */
const CONSOLE_PATHS = new Set(['/admin', '/admin-dashboard']);

export function RootLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  // Pages load on demand; a thin bar tells the user the next one is on its way.
  const navigating = usePageLoading();
  useScrollRestoration();
  const page = (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
  const loadingBar = navigating ? (
    <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent" role="progressbar" aria-label="Loading page" />
  ) : null;
  if (CONSOLE_PATHS.has(pathname)) {
    return (
      <div className="min-h-dvh">
        <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to main content
        </a>
        {loadingBar}
        {page}
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to main content
      </a>
      {loadingBar}
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold and does not jump down as the
          page's content arrives (a layout shift that Lighthouse counts). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        {page}
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  );
}
