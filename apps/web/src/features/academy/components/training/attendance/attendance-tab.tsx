import { useId } from 'react';
import { ClipboardCheck } from 'lucide-react';
import { attendanceDaysOf } from '@ops/shared/domain/attendance-days';
import { isIsoDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { formatDay } from '@/lib/format-console-date.ts';
import { useUrlParams } from '@/components/console/use-url-params.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useAttendanceSheet } from '../../../api/get-attendance-sheet.ts';
import { useCohorts } from '../../../api/get-cohorts.ts';
import { AttendanceForm } from './attendance-form.tsx';

/**
 * Pick a cohort and one of its days that has come, mark each student, save; each student's rate
 * over the cohort beside them. The picker offers the cohort's days up to today; a day the server
 * refuses (outside the cohort, still to come) is named under the picker with the server's words.
 */
export function AttendanceTab() {
  const { params, update } = useUrlParams();
  const dateId = useId();
  const cohorts = useCohorts();
  const cohortId = params.get('cohort') ?? '';
  const rawDate = params.get('date') ?? '';
  const sessionDate = isIsoDate(rawDate) ? rawDate : '';
  const sheet = useAttendanceSheet(cohortId, sessionDate);
  const cohort = cohorts.data?.find((c) => c.id === cohortId);
  const today = nairobiDate(new Date());
  // The server's days once a sheet is read (its clock decides); the cohort's row until then.
  const days = sheet.data ? sheet.data.days : cohort ? attendanceDaysOf(cohort, today) : null;
  const quickPicks = days ? (sheet.data?.sessionDates ?? []).filter((day) => day >= days.first && day <= days.last) : [];
  const setParam = (key: string, value: string) =>
    update(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
      },
      { replace: key === 'date' },
    );

  const daysHint = !cohort
    ? undefined
    : days
      ? `Days of this cohort up to today: ${formatDay(days.first)} to ${formatDay(days.last)}.`
      : `This cohort starts on ${formatDay(cohort.startDate)}; attendance is recorded from that day.`;

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-start gap-3 p-4">
        <div className="grid gap-2">
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
        <FormField id={dateId} label="Session date" className="max-w-xs" hint={daysHint} error={sheet.data?.dayProblem ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              className="w-44"
              min={days?.first ?? cohort?.startDate}
              max={days?.last ?? cohort?.startDate}
              value={sessionDate}
              onChange={(e) => setParam('date', e.target.value)}
            />
          )}
        </FormField>
        {quickPicks.length > 0 ? (
          <div className="grid min-w-0 gap-2">
            <span className="text-sm font-medium" id="attendance-quick-picks">
              Scheduled sessions
            </span>
            <div className="flex flex-wrap gap-1" role="group" aria-labelledby="attendance-quick-picks">
              {quickPicks.map((day) => (
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
          {!sessionDate && days && today >= days.first && today <= days.last ? (
            <div className="mt-3">
              <Button size="sm" variant="outline" onClick={() => setParam('date', today)}>
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
