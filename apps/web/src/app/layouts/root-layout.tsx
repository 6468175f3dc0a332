import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SiteFooter } from '@/components/layout/site-footer.tsx';
import { WhatsAppButton } from '@/components/layout/whatsapp-button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { usePageLoading } from '../lazy-page.tsx';
import { RouteErrorBoundary } from '../routes/route-error.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { SiteHeader } from './site-header.tsx';

export function RootLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  // Pages load on demand; a thin bar tells the user the next one is on its way.
  const navigating = usePageLoading();
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {navigating ? (
        <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent" role="progressbar" aria-label="Loading page" />
      ) : null}
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold and does not jump down as the
          page's content arrives (a layout shift that Lighthouse counts). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  );
}
