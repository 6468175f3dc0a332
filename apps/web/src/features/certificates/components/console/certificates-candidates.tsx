import { useState } from 'react';
import { Users } from 'lucide-react';
import {
  CERTIFICATE_TEXTS,
  cohortBatchRefusal,
  issueCertificateInput,
  type CertificateCandidateDto,
  type CertificateCandidatesDto,
} from '@ops/shared/schemas/certificates';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { STACK_BELOW } from '@/components/console/admin-table.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useIssueCertificate } from '../../api/issue-certificate.ts';
import { CohortBatch } from './certificates-batch.tsx';
import { CertificateStateBadge, firstIssue } from './certificates-format.tsx';
import { ReasonDialog } from './certificates-reason-dialog.tsx';

function submissionsText({ total, passed, failed, ungraded }: CertificateCandidateDto['submissions']): string {
  if (total === 0) return 'None';
  const rest = [failed ? `${failed} failed` : '', ungraded ? `${ungraded} not graded` : ''].filter(Boolean).join(', ');
  return `${passed}/${total} passed${rest ? ` (${rest})` : ''}`;
}

function AttendanceCell({ percent, threshold }: { percent: number | null; threshold: number }) {
  if (percent === null) return <span className="text-muted-foreground">No sessions recorded</span>;
  return (
    <span className={percent >= threshold ? undefined : 'font-medium text-destructive'}>
      {Math.round(percent)}% <span className="text-muted-foreground">(needs {threshold}%)</span>
    </span>
  );
}

/** Each student of the chosen cohort: whether they qualify for a certificate, and issuing one. */
export function CertificateCandidates({ data }: { data: CertificateCandidatesDto }) {
  const issue = useIssueCertificate();
  const [overriding, setOverriding] = useState<CertificateCandidateDto | null>(null);
  const [issuingId, setIssuingId] = useState<string | null>(null);

  const send = (candidate: CertificateCandidateDto, overrideReason?: string) => {
    setIssuingId(candidate.enrollmentId);
    issue.mutate(
      { enrollmentId: candidate.enrollmentId, ...(overrideReason ? { overrideReason } : {}) },
      {
        onSuccess: () => {
          notifySuccess(CERTIFICATE_TEXTS.generated, `${candidate.studentName}, ${data.courseName}`);
          setOverriding(null);
        },
        onError: (error) => {
          if (!overrideReason && isApiError(error) && error.status === 409 && error.message === CERTIFICATE_TEXTS.doesNotQualify) setOverriding(candidate);
          else notifyError(messageFrom(error));
        },
        onSettled: () => setIssuingId(null),
      },
    );
  };

  if (data.candidates.length === 0) {
    return (
      <EmptyState icon={Users} headingLevel="h3" title="No students in this cohort">
        Students appear here once their enrolment is approved.
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {data.courseName}: a student qualifies when paid, attending at least {data.thresholdPercent}% of sessions, and every submission passed.
          {data.audited ? ' Certificates are co-branded with EBSSA.' : ''}
        </p>
        <CohortBatch key={data.cohortId} cohortId={data.cohortId} latest={data.latestBatch} nothingToIssue={cohortBatchRefusal(data.candidates)} />
      </div>
      <Card className="min-w-0 overflow-hidden">
        <Table aria-label="Students and certificates" stackBelow={STACK_BELOW}>
          <TableHeader>
            <TableRow>
              <TableHead>Student</TableHead>
              <TableHead>Paid</TableHead>
              <TableHead>Attendance</TableHead>
              <TableHead>Submissions</TableHead>
              <TableHead>Eligibility</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.candidates.map((c) => (
              <TableRow key={c.enrollmentId}>
                <TableCell stackedPlace="title">
                  <div className="grid min-w-36">
                    <span className="font-medium">{c.studentName}</span>
                    {c.email ? <span className="text-xs font-normal text-muted-foreground">{c.email}</span> : null}
                  </div>
                </TableCell>
                <TableCell label="Paid">{c.paid ? 'Yes' : <span className="font-medium text-destructive">No</span>}</TableCell>
                <TableCell label="Attendance" className="whitespace-nowrap">
                  <AttendanceCell percent={c.attendancePercent} threshold={data.thresholdPercent} />
                </TableCell>
                <TableCell label="Submissions" className="whitespace-nowrap">
                  {submissionsText(c.submissions)}
                </TableCell>
                <TableCell label="Eligibility">
                  {c.qualifies ? (
                    <Badge>Qualifies</Badge>
                  ) : (
                    <ul className="grid min-w-40 gap-0.5 text-sm text-muted-foreground">
                      {c.reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                <TableCell stackedPlace="actions">
                  {c.certificate ? (
                    <div className="grid justify-items-end gap-1 [[data-stacked]_&]:justify-items-start">
                      <span className="font-mono text-xs whitespace-nowrap">{c.certificate.certificateRef}</span>
                      <CertificateStateBadge state={c.certificate.state} />
                    </div>
                  ) : (
                    <div className="flex justify-end">
                      <Button
                        size="sm"
                        variant={c.qualifies ? 'default' : 'outline'}
                        aria-label={`Generate certificate for ${c.studentName}`}
                        disabled={issuingId === c.enrollmentId}
                        onClick={() => (c.qualifies ? send(c) : setOverriding(c))}
                      >
                        {issuingId === c.enrollmentId ? 'Generating...' : 'Generate'}
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <ReasonDialog
        key={overriding?.enrollmentId ?? 'none'}
        open={overriding !== null}
        title="Issue without qualifying"
        description={
          overriding ? (
            <>
              {CERTIFICATE_TEXTS.doesNotQualify} {overriding.studentName}: {overriding.reasons.join('; ') || 'does not qualify'}. The reason is kept in the
              audit trail.
            </>
          ) : (
            ''
          )
        }
        label="Reason for issuing"
        confirm="Generate"
        busyText="Generating..."
        pending={issue.isPending}
        check={(reason) => firstIssue(issueCertificateInput.safeParse({ enrollmentId: overriding?.enrollmentId, overrideReason: reason.trim() || 'x' }))}
        onConfirm={(reason) => overriding && send(overriding, reason)}
        onClose={() => setOverriding(null)}
      />
    </div>
  );
}
