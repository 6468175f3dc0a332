import { useState } from 'react';
import { ClipboardCheck, Users } from 'lucide-react';
import { ATTENDANCE_STATUSES } from '@ops/shared/constants';
import { attendanceRateLabel } from '@ops/shared/domain/attendance-rate';
import { isIsoDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { TRAINING_TEXTS, type AttendanceSheet, type AttendanceStatusValue } from '@ops/shared/schemas/admin-training';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAttendanceSheet, useCohorts, useSaveAttendance } from '../../api/admin-training.ts';
import { formatDay } from '../../format.ts';
import { useUrlParams } from '../../hooks/use-url-params.ts';
import { LoadState } from './training-shared.tsx';

const STATUS_WORDS: Record<AttendanceStatusValue, string> = { present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused' };

/** Pick a cohort and a session day, mark each student, save; each student's rate over the cohort beside them. */
export function AttendanceTab() {
  const { params, update } = useUrlParams();
  const cohorts = useCohorts();
  const cohortId = params.get('cohort') ?? '';
  const rawDate = params.get('date') ?? '';
  const sessionDate = isIsoDate(rawDate) ? rawDate : '';
  const sheet = useAttendanceSheet(cohortId, sessionDate);
  const setParam = (key: string, value: string) =>
    update(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
      },
      { replace: key === 'date' },
    );

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="attendance-cohort">Cohort</Label>
          <NativeSelect id="attendance-cohort" className="w-72 max-w-full" value={cohortId} onChange={(e) => setParam('cohort', e.target.value)}>
            <option value="">{cohorts.data ? 'Choose a cohort' : 'Loading cohorts…'}</option>
            {cohorts.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.courseTitle}, {formatDay(c.startDate)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="attendance-date">Session date</Label>
          <Input id="attendance-date" type="date" className="w-44" value={sessionDate} onChange={(e) => setParam('date', e.target.value)} />
        </div>
        {sheet.data && sheet.data.sessionDates.length > 0 ? (
          <div className="grid min-w-0 gap-1.5">
            <span className="text-sm font-medium" id="attendance-quick-picks">
              Scheduled sessions
            </span>
            <div className="flex flex-wrap gap-1" role="group" aria-labelledby="attendance-quick-picks">
              {sheet.data.sessionDates.map((day) => (
                <Button key={day} size="sm" variant={day === sessionDate ? 'default' : 'outline'} onClick={() => setParam('date', day)}>
                  {formatDay(day)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </Card>
      {!cohortId || !sessionDate ? (
        <EmptyState icon={ClipboardCheck} headingLevel="h3" title="Choose a cohort and a session date">
          Then mark each student present, absent, late or excused.
          {!sessionDate && cohortId ? (
            <div className="mt-3">
              <Button size="sm" variant="outline" onClick={() => setParam('date', nairobiDate(new Date()))}>
                Today
              </Button>
            </div>
          ) : null}
        </EmptyState>
      ) : (
        <LoadState query={sheet} label="attendance">
          {sheet.data ? <AttendanceForm key={`${sheet.data.cohortId}-${sheet.data.sessionDate}-${sheet.dataUpdatedAt}`} sheet={sheet.data} /> : null}
        </LoadState>
      )}
    </div>
  );
}

function AttendanceForm({ sheet }: { sheet: AttendanceSheet }) {
  const save = useSaveAttendance();
  const [marks, setMarks] = useState<Record<string, AttendanceStatusValue | ''>>(() =>
    Object.fromEntries(sheet.students.map((s) => [s.enrollmentId, s.status ?? ''])),
  );

  if (sheet.students.length === 0) {
    return (
      <EmptyState icon={Users} headingLevel="h3" title="No students in this cohort">
        Students appear here once they hold a seat.
      </EmptyState>
    );
  }

  const records = Object.entries(marks)
    .filter((entry): entry is [string, AttendanceStatusValue] => entry[1] !== '')
    .map(([enrollmentId, status]) => ({ enrollmentId, status }));

  const submit = () =>
    save.mutate(
      { cohortId: sheet.cohortId, sessionDate: sheet.sessionDate, records },
      {
        onSuccess: () => notifySuccess(TRAINING_TEXTS.attendanceUpdated),
        onError: (error) => notifyError(messageFrom(error)),
      },
    );

  return (
    <Card className="min-w-0 overflow-hidden">
      <Table aria-label={`Attendance on ${formatDay(sheet.sessionDate)}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Student</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Attendance rate</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sheet.students.map((student) => (
            <TableRow key={student.enrollmentId}>
              <TableCell>
                <div className="grid min-w-32">
                  <span className="font-medium">{student.studentName}</span>
                  {student.phone ? <span className="text-xs text-muted-foreground">+{student.phone}</span> : null}
                </div>
              </TableCell>
              <TableCell>
                <NativeSelect
                  aria-label={`Attendance of ${student.studentName}`}
                  className="w-36"
                  value={marks[student.enrollmentId] ?? ''}
                  onChange={(e) => setMarks((m) => ({ ...m, [student.enrollmentId]: e.target.value as AttendanceStatusValue | '' }))}
                >
                  <option value="">Not marked</option>
                  {ATTENDANCE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_WORDS[status]}
                    </option>
                  ))}
                </NativeSelect>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {attendanceRateLabel(student.rate)}
                {student.rate.counted > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {student.rate.attended} of {student.rate.counted} sessions
                  </span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t p-4">
        <p className="text-xs text-muted-foreground">Present and late count as attended; excused sessions are left out of the rate.</p>
        <Button onClick={submit} disabled={save.isPending || records.length === 0}>
          {save.isPending ? 'Saving...' : 'Save attendance'}
        </Button>
      </div>
    </Card>
  );
}
