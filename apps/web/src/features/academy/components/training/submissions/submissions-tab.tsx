import { useMemo, useState } from 'react';
import { SUBMISSION_FILTERS, type AdminSubmissionRow, type SubmissionFilter } from '@ops/shared/schemas/admin-grading';
import { FilterSelect } from '@/components/console/admin-filters.tsx';
import { AdminSearchBox } from '@/components/console/admin-search-box.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { useAdminSubmissions } from '../../../api/get-admin-submissions.ts';
import { GradeForm } from './grade-form.tsx';
import { submissionColumns } from './submission-columns.tsx';

export const SUBMISSIONS_LOAD_FAILED = 'Failed to fetch submissions';

const FILTER_LABELS: Record<SubmissionFilter, string> = { ungraded: 'Awaiting a grade', graded: 'Graded', all: 'All submissions' };

/** Students' submissions, those awaiting a grade first; each file downloadable and gradable with pass or fail. */
export function SubmissionsTab() {
  const list = useAdminListState({ defaultSort: 'submitted', defaultDir: 'desc', filters: { status: 'ungraded' } });
  const submissions = useAdminSubmissions(list.apiQuery);
  const [grading, setGrading] = useState<AdminSubmissionRow | null>(null);
  const columns = useMemo(() => submissionColumns(setGrading), []);

  return (
    <>
      <AdminTable
        label="Submissions"
        columns={columns}
        state={list}
        {...fromQuery(submissions)}
        errorMessage={SUBMISSIONS_LOAD_FAILED}
        getRowId={(s) => s.id}
        emptyTitle={list.filters.status === 'ungraded' && !list.q ? 'Nothing awaits a grade' : 'No submissions found'}
        emptyText={list.q ? 'No submission matches this search.' : 'Students’ submissions appear here as they arrive.'}
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search submissions" placeholder="Student name or title" />
            <FilterSelect
              id="submissions-status"
              label="Show"
              className="w-48"
              value={list.filters.status}
              options={SUBMISSION_FILTERS}
              optionLabel={(value) => FILTER_LABELS[value]}
              onChange={(value) => list.setFilter('status', value)}
            />
          </>
        }
      />
      <Dialog open={grading !== null} onOpenChange={(open) => !open && setGrading(null)}>
        <DialogContent>{grading ? <GradeForm key={grading.id} submission={grading} onDone={() => setGrading(null)} /> : null}</DialogContent>
      </Dialog>
    </>
  );
}
