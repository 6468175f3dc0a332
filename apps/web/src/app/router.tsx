import { parse } from 'regexparam';
import type { ReactNode } from 'react';
import { matchRoute, Route, Router, Switch, useLocation } from 'wouter';
import { useDeferredBrowserLocation, useDeferredSearch } from './deferred-location.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { fetchEarly } from '@/lib/early-data.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { PAGE_TABLE, type PageName } from './page-table.ts';
import { firstReadPath } from '@ops/shared/domain/first-read';
import { HomePage } from './routes/home.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

/*
 * Only the home page is in the first bundle; every other page is fetched when it is first visited,
 * which keeps the JavaScript for '/' small on a phone on a slow network. The router is wouter
 * (about 3 KiB) rather than React Router (14 KiB declarative, 31 KiB as a data router): see
 * docs/decisions/007-web-speed-and-weight-budgets.md.
 */
const AuthPage = lazyPage(() => import('./routes/auth.tsx').then((m) => m.AuthPage));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password.tsx').then((m) => m.ResetPasswordPage));
const ProfilePage = lazyPage(() => import('./routes/profile.tsx').then((m) => m.ProfilePage));
const GuardsPage = lazyPage(() => import('./routes/guards.tsx').then((m) => m.GuardsPage));
const GuardProfilePage = lazyPage(() => import('./routes/guard-profile.tsx').then((m) => m.GuardProfilePage));
const BookingPage = lazyPage(() => import('./routes/booking.tsx').then((m) => m.BookingPage));
const OldBookingPage = lazyPage(() => import('./routes/old-booking.tsx').then((m) => m.OldBookingPage));
const BookingSuccessPage = lazyPage(() => import('./routes/booking-success.tsx').then((m) => m.BookingSuccessPage));
const BookingReportPage = lazyPage(() => import('./routes/booking-report.tsx').then((m) => m.BookingReportPage));
const DashboardPage = lazyPage(() => import('./routes/dashboard.tsx').then((m) => m.DashboardPage));
const AdminPage = lazyPage(() => import('./routes/admin.tsx').then((m) => m.AdminPage));
const CoursesPage = lazyPage(() => import('./routes/courses.tsx').then((m) => m.CoursesPage));
const CourseDetailPage = lazyPage(() => import('./routes/course-detail.tsx').then((m) => m.CourseDetailPage));
const StudentDashboardPage = lazyPage(() => import('./routes/student-dashboard.tsx').then((m) => m.StudentDashboardPage));
const CertVerifyPage = lazyPage(() => import('./routes/cert-verify.tsx').then((m) => m.CertVerifyPage));
const PartnerDashboardPage = lazyPage(() => import('./routes/partner-dashboard.tsx').then((m) => m.PartnerDashboardPage));
const PrivacyPage = lazyPage(() => import('./routes/privacy.tsx').then((m) => m.PrivacyPage));
const NotFoundPage = lazyPage(() => import('./routes/not-found.tsx').then((m) => m.NotFoundPage));

/** Each page module by its name in the page table. */
const PAGE_MODULES: Record<PageName, LazyPage> = {
  auth: AuthPage,
  'reset-password': ResetPasswordPage,
  profile: ProfilePage,
  guards: GuardsPage,
  'guard-profile': GuardProfilePage,
  booking: BookingPage,
  'old-booking': OldBookingPage,
  'booking-success': BookingSuccessPage,
  'booking-report': BookingReportPage,
  dashboard: DashboardPage,
  admin: AdminPage,
  privacy: PrivacyPage,
  courses: CoursesPage,
  'course-detail': CourseDetailPage,
  'student-dashboard': StudentDashboardPage,
  'partner-dashboard': PartnerDashboardPage,
  'cert-verify': CertVerifyPage,
  'not-found': NotFoundPage,
};

/** The address patterns and their pages (page-table.ts), besides home and the 404 page. */
const PAGES = PAGE_TABLE.map((entry) => ({ ...entry, component: PAGE_MODULES[entry.page] }));

/**
 * Starts loading the page for an address (the 404 page for an unknown one); null for the home
 * page, which is already here. The first render waits for it, so the page appears in one go.
 */
export function preloadPage(path: string): Promise<void> | null {
  if (path === '/') return null;
  for (const entry of PAGES) {
    const [matches, params] = matchRoute(parse, entry.pattern, path);
    if (!matches) continue;
    if ('firstRead' in entry) fetchEarly(firstReadPath(entry.firstRead, params ?? {}));
    return entry.component.preload();
  }
  return NotFoundPage.preload();
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      {PAGES.map(({ pattern, component }) => (
        <Route key={pattern} path={pattern} component={component} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/*
 * A page that fails is caught inside the layout (RootLayout). This catches the rest: code the
 * header fetches on demand (the user menu, the bell) fails to load too when a release has replaced
 * it, and without a boundary React would leave the tab white.
 */
function AppErrorBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}

/** The whole app in the browser: the address bar's router, the layout, the pages. */
export function App() {
  return (
    <Router hook={useDeferredBrowserLocation} searchHook={useDeferredSearch}>
      <AppErrorBoundary>
        <RootLayout>
          <AppRoutes />
        </RootLayout>
      </AppErrorBoundary>
    </Router>
  );
}
