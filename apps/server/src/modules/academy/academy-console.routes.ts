import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { announcementRoutes } from './announcements.routes.ts';
import { attendanceRoutes } from './attendance.routes.ts';
import { cohortFileRoutes } from './cohort-files.routes.ts';
import { cohortRoutes } from './cohorts.routes.ts';
import { courseConsoleRoutes } from './courses-console.routes.ts';
import { enrollmentConsoleRoutes } from './enrollments-console.routes.ts';
import { gradingRoutes } from './grading.routes.ts';
import { materialRoutes } from './materials.routes.ts';
import { sessionRoutes } from './sessions.routes.ts';

/**
 * The academy's side of the console, all under /api/admin/training. The console (modules/admin)
 * mounts it behind its sign-in and console.view check; every route here names the permission it
 * needs with requirePermission.
 */
export const academyConsoleRoutes = new Hono<AppEnv>()
  .route('/', courseConsoleRoutes)
  .route('/', cohortRoutes)
  .route('/', enrollmentConsoleRoutes)
  .route('/', attendanceRoutes)
  .route('/', sessionRoutes)
  .route('/', announcementRoutes)
  .route('/', materialRoutes)
  .route('/', gradingRoutes)
  .route('/', cohortFileRoutes);
