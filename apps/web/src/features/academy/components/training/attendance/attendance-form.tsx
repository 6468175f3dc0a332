import { useId, useState } from 'react';
import { CheckCheck, Users } from 'lucide-react';
import { ATTENDANCE_STATUSES } from '@ops/shared/constants';
import { attendanceChangeNeedsReason } from '@ops/shared/domain/attendance-days';
import { attendanceRateLabel } from '@ops/shared/domain/attendance-rate';
import { TRAINING_TEXTS, type AttendanceStatusValue } from '@ops/shared/schemas/admin-training';
import { ATTENDANCE_REASON_MAX, type AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { useSaveAttendance } from '../../../api/save-attendance.ts';

const STATUS_WORDS: Record<AttendanceStatusValue, string> = { present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused' };

/**
 * A day's marks: one select per student, 'Mark all present' to start from everyone present (saved
 * only with 'Save attendance', so a recorded absence is never overwritten unseen), and the reason
 * the server asks for once the cohort's certificates have been issued.
 */
export function AttendanceForm({ sheet }: { sheet: AttendanceSheet }) {
  const save = useSaveAttendance();
  const reasonId = useId();
  const [marks, setMarks] = useState<Record<string, AttendanceStatusValue | ''>>(() =>
    Object.fromEntries(sheet.students.map((s) => [s.enrollmentId, s.status ?? ''])),
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const needsReason = attendanceChangeNeedsReason(sheet.certificatesIssued);
  const closed = sheet.dayProblem !== null;

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
  const allPresent = sheet.students.every((s) => marks[s.enrollmentId] === 'present');

  const submit = () => {
    setErrors({});
    save.mutate(
      { cohortId: sheet.cohortId, sessionDate: sheet.sessionDate, records, ...(needsReason ? { reason } : {}) },
      {
        onSuccess: () => notifySuccess(TRAINING_TEXTS.attendanceUpdated),
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setErrors(error.fields);
          notifyError(messageFrom(error));
        },
      },
    );
  };

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b p-4">
        <p className="text-sm text-muted-foreground">
          {sheet.students.length} {sheet.students.length === 1 ? 'student' : 'students'} on {formatDay(sheet.sessionDate)}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={closed || allPresent}
          onClick={() => setMarks(Object.fromEntries(sheet.students.map((s) => [s.enrollmentId, 'present' as const])))}
        >
          <CheckCheck aria-hidden="true" />
          Mark all present
        </Button>
      </div>
      {/* Three columns: a table down to a phone, where each student is a card. */}
      <Table aria-label={`Attendance on ${formatDay(sheet.sessionDate)}`} stackBelow={480}>
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
              <TableCell stackedPlace="title">
                <div className="grid min-w-32">
                  <span className="font-medium">{student.studentName}</span>
                  {student.phone ? <span className="text-xs font-normal text-muted-foreground">+{student.phone}</span> : null}
                </div>
              </TableCell>
              <TableCell label="Status">
                <NativeSelect
                  aria-label={`Attendance of ${student.studentName}`}
                  className="w-36"
                  disabled={closed}
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
              <TableCell label="Attendance rate" className="text-right whitespace-nowrap">
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
      {needsReason && !closed ? (
        <div className="border-t p-4">
          <FormField
            id={reasonId}
            label="Reason for the change"
            required
            error={errors.reason}
            hint={`${sheet.certificatesIssued} ${sheet.certificatesIssued === 1 ? 'certificate has' : 'certificates have'} been issued to this cohort; the reason is kept in the audit trail.`}
          >
            {(control) => <Textarea {...control} value={reason} maxLength={ATTENDANCE_REASON_MAX} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t p-4">
        <p className="text-xs text-muted-foreground">Present and late count as attended; excused sessions are left out of the rate.</p>
        <Button onClick={submit} disabled={closed || save.isPending || records.length === 0}>
          {save.isPending ? 'Saving...' : 'Save attendance'}
        </Button>
        {errors.sessionDate ? <FieldError message={errors.sessionDate} /> : null}
      </div>
    </Card>
  );
}
