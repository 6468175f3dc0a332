import { ClipboardList } from 'lucide-react';
import { ASSESSMENT_TYPE_LABELS, type StudentAssessmentDto, type StudentEnrollmentDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatDay } from '../format.ts';
import { AssessmentForm } from './assessment-form.tsx';

function AssessmentList({ assessments }: { assessments: StudentAssessmentDto[] }) {
  if (assessments.length === 0) return <EmptyState icon={ClipboardList} title="No assessments submitted yet" headingLevel="h3" />;
  return (
    <ul aria-label="My submissions" className="grid gap-3">
      {assessments.map((assessment) => (
        <li key={assessment.id}>
          <Card role="article" aria-labelledby={`assessment-${assessment.id}`}>
            <CardContent className="grid gap-2 p-4 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`assessment-${assessment.id}`} className="font-semibold">
                    {assessment.title}
                  </h3>
                  <p className="text-sm text-muted-foreground">{assessment.courseTitle}</p>
                </div>
                {assessment.grade !== null ? (
                  <Badge variant={assessment.passed === false ? 'destructive' : 'default'}>
                    {assessment.passed !== null ? (
                      <>
                        <span>{assessment.passed ? 'Pass' : 'Fail'}</span>
                        <span aria-hidden="true">·</span>
                      </>
                    ) : null}
                    <span>Grade: {assessment.grade}</span>
                  </Badge>
                ) : (
                  <Badge variant="secondary">Pending Review</Badge>
                )}
              </div>
              <p className="text-sm text-muted-foreground">
                {ASSESSMENT_TYPE_LABELS[assessment.type]} · Submitted {formatDay(assessment.submittedAt)}
              </p>
              {assessment.feedback ? (
                <div className="rounded-md bg-muted p-3 text-sm">
                  <p className="font-medium">Feedback</p>
                  <p className="whitespace-pre-line">{assessment.feedback}</p>
                </div>
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The submit form and the student's submissions, newest first. */
export function AssessmentsTab({ enrollments, assessments }: { enrollments: StudentEnrollmentDto[]; assessments: StudentAssessmentDto[] }) {
  return (
    <div className="grid gap-6">
      <AssessmentForm enrollments={enrollments} />
      <section aria-labelledby="my-submissions" className="grid gap-3">
        <h2 id="my-submissions" className="text-lg font-semibold">
          My Submissions
        </h2>
        <AssessmentList assessments={assessments} />
      </section>
    </div>
  );
}
