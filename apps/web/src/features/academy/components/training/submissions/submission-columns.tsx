import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import type { AdminSubmissionRow } from '@ops/shared/schemas/admin-grading';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatNairobiDateTime } from '@/lib/format-console-date.ts';

export const TYPE_WORDS: Record<AdminSubmissionRow['type'], string> = {
  assignment: 'Assignment',
  project: 'Project',
  exam: 'Exam',
  presentation: 'Presentation',
};

export function submissionColumns(onGrade: (row: AdminSubmissionRow) => void): ColumnDef<AdminSubmissionRow>[] {
  return [
    { id: 'student', header: 'Student', cell: ({ row: { original: s } }) => <span className="inline-block min-w-32 font-medium">{s.studentName}</span> },
    {
      id: 'title',
      header: 'Submission',
      cell: ({ row: { original: s } }) => (
        <div className="grid min-w-40">
          <span>{s.title}</span>
          <span className="text-xs text-muted-foreground">
            {TYPE_WORDS[s.type]} · {s.courseTitle}
          </span>
        </div>
      ),
    },
    {
      id: 'submitted',
      header: 'Submitted',
      meta: { sortKey: 'submitted', firstDir: 'desc' },
      cell: ({ row: { original: s } }) => <span className="whitespace-nowrap">{formatNairobiDateTime(s.submittedAt)}</span>,
    },
    {
      id: 'grade',
      header: 'Grade',
      cell: ({ row: { original: s } }) =>
        s.status === 'graded' ? (
          <div className="flex items-center gap-1 whitespace-nowrap">
            <Badge>{s.grade}</Badge>
            <Badge variant={s.passed ? 'secondary' : 'destructive'}>{s.passed ? 'Pass' : 'Fail'}</Badge>
          </div>
        ) : (
          <Badge variant="outline" className="whitespace-nowrap">
            Pending Review
          </Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: s } }) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <a href={s.url} aria-label={`Download ${s.fileName} by ${s.studentName}`}>
              <Download aria-hidden="true" />
            </a>
          </Button>
          <Button
            size="sm"
            variant={s.status === 'graded' ? 'outline' : 'default'}
            onClick={() => onGrade(s)}
            aria-label={`Grade ${s.title} by ${s.studentName}`}
          >
            {s.status === 'graded' ? 'Regrade' : 'Grade'}
          </Button>
        </div>
      ),
    },
  ];
}
