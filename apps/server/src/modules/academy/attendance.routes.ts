import { Hono } from 'hono';
import { attendanceInput, attendanceQuery } from '@ops/shared/schemas/admin-attendance';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { readAttendanceSheet, recordAttendance } from './attendance.service.ts';

const manage = requirePermission('academy.manage');

/** A cohort's attendance sheet, read and saved from the console: /api/admin/training/attendance. */
export const attendanceRoutes = new Hono<AppEnv>()
  .get('/training/attendance', manage, validate('query', attendanceQuery), async (c) => {
    const { cohortId, sessionDate } = c.req.valid('query');
    const { db, clock } = c.get('deps');
    const sheet = await readAttendanceSheet(db, cohortId, sessionDate, clock());
    await recordStaffRead(c, {
      action: 'attendance.read',
      recordType: 'cohort',
      recordId: cohortId,
      after: { sessionDate, enrollmentIds: sheet.students.map((s) => s.enrollmentId) },
    });
    noStore(c);
    return c.json(sheet);
  })
  .put('/training/attendance', manage, body(attendanceInput), async (c) => {
    return c.json(await recordAttendance(consoleAction(c), c.req.valid('json')));
  });
