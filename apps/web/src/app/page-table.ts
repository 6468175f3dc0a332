/**
 * Every address pattern of the app (besides home, in the first bundle) and the page module under
 * `routes/` that draws it. Plain data, read in two places: the router (`router.tsx`) loads the page
 * named here, and the build (`vite.config.ts`) writes which files each page needs into
 * `page-preloads.json`, from which the server names them in the page's HTML
 * (`<link rel="modulepreload">`): a phone then fetches a page's code with the first bundle instead
 * of after it has run.
 *
 * A public page's first API read is named too (`:name` takes the address's parameter): the app
 * fetches it as it starts (lib/early-data.ts) and the server hints it in a `Link` header, both
 * through `firstReadPath` (shared).
 */
export const PAGE_TABLE = [
  { pattern: '/auth', page: 'auth' },
  { pattern: '/auth/reset-password', page: 'reset-password' },
  { pattern: '/profile', page: 'profile' },
  { pattern: '/guards', page: 'guards' },
  { pattern: '/guards/:id', page: 'guard-profile' },
  { pattern: '/guard/:id', page: 'guard-profile' },
  { pattern: '/booking', page: 'booking' },
  { pattern: '/old-booking', page: 'old-booking' },
  { pattern: '/booking-success', page: 'booking-success' },
  { pattern: '/bookings/:id/report', page: 'booking-report' },
  { pattern: '/dashboard', page: 'dashboard' },
  { pattern: '/client-dashboard', page: 'dashboard' },
  { pattern: '/guard-dashboard', page: 'dashboard' },
  { pattern: '/admin', page: 'admin' },
  { pattern: '/admin-dashboard', page: 'admin' },
  { pattern: '/privacy', page: 'privacy' },
  { pattern: '/courses', page: 'courses', firstRead: '/api/courses' },
  { pattern: '/courses/', page: 'course-detail' },
  { pattern: '/courses/:courseId', page: 'course-detail', firstRead: '/api/courses/:courseId' },
  { pattern: '/student-dashboard', page: 'student-dashboard' },
  { pattern: '/partner-dashboard', page: 'partner-dashboard' },
  { pattern: '/cert/verify', page: 'cert-verify' },
  { pattern: '/cert/verify/:ref', page: 'cert-verify', firstRead: '/api/certificates/verify/:ref' },
] as const satisfies readonly { pattern: string; page: string; firstRead?: string }[];

export type PageName = (typeof PAGE_TABLE)[number]['page'] | 'not-found';

/** The page module drawn for any address no pattern matches. */
export const NOT_FOUND_PAGE: PageName = 'not-found';
