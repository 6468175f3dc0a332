import { Route, Router, Switch } from 'wouter';
import { useDeferredBrowserLocation, useDeferredSearch } from './deferred-location.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage } from './lazy-page.tsx';
import { HomePage } from './routes/home.tsx';

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
const DashboardPage = lazyPage(() => import('./routes/dashboard.tsx').then((m) => m.DashboardPage));
const NotFoundPage = lazyPage(() => import('./routes/not-found.tsx').then((m) => m.NotFoundPage));

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/auth/reset-password" component={ResetPasswordPage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/guards" component={GuardsPage} />
      <Route path="/guards/:id" component={GuardProfilePage} />
      <Route path="/guard/:id" component={GuardProfilePage} />
      <Route path="/booking" component={BookingPage} />
      <Route path="/old-booking" component={OldBookingPage} />
      <Route path="/booking-success" component={BookingSuccessPage} />
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/client-dashboard" component={DashboardPage} />
      <Route path="/guard-dashboard" component={DashboardPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** The whole app in the browser: the address bar's router, the layout, the pages. */
export function App() {
  return (
    <Router hook={useDeferredBrowserLocation} searchHook={useDeferredSearch}>
      <RootLayout>
        <AppRoutes />
      </RootLayout>
    </Router>
  );
}
