import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { HomePage } from './routes/home.tsx';
import { RouteError } from './routes/route-error.tsx';

/*
 * Only the home page is in the first bundle; every other page is fetched when it is first
 * visited, which keeps the JavaScript for '/' small on a phone on a slow network.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage },
          {
            path: 'auth',
            lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthPage })),
          },
          {
            path: 'auth/reset-password',
            lazy: () => import('./routes/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: 'profile',
            lazy: () => import('./routes/profile.tsx').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'guards',
            lazy: () => import('./routes/guards.tsx').then((m) => ({ Component: m.GuardsPage })),
          },
          ...['guard/:id', 'guards/:id'].map((path) => ({
            path,
            lazy: () => import('./routes/guard-profile.tsx').then((m) => ({ Component: m.GuardProfilePage })),
          })),
          {
            path: 'booking',
            lazy: () => import('./routes/booking.tsx').then((m) => ({ Component: m.BookingPage })),
          },
          {
            path: 'old-booking',
            lazy: () => import('./routes/old-booking.tsx').then((m) => ({ Component: m.OldBookingPage })),
          },
          {
            path: 'booking-success',
            lazy: () => import('./routes/booking-success.tsx').then((m) => ({ Component: m.BookingSuccessPage })),
          },
          ...['dashboard', 'client-dashboard', 'guard-dashboard'].map((path) => ({
            path,
            lazy: () => import('./routes/dashboard.tsx').then((m) => ({ Component: m.DashboardPage })),
          })),
          {
            path: '*',
            lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
