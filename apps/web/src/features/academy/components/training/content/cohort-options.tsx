import { formatDay } from '@/lib/format-console-date.ts';
import { useCohorts } from '../../../api/get-cohorts.ts';

/** The course's cohorts as a select's options ('Cohort of Mar 01, 2027'), after the select's own first option. */
export function CohortOptions({ courseId }: { courseId: string }) {
  const cohorts = useCohorts();
  return cohorts.data
    ?.filter((c) => c.courseId === courseId)
    .map((c) => (
      <option key={c.id} value={c.id}>
        Cohort of {formatDay(c.startDate)}
      </option>
    ));
}
