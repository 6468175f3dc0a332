import { CalendarCheck, ClipboardList, RefreshCw } from 'lucide-react';
import { COHORT_STATUS_LABELS } from '@ops/shared/schemas/courses';
import { PARTNER_TEXTS, type PartnerCohortDto } from '@ops/shared/schemas/partner';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatDay } from '../format.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { usePartnerCohorts } from '../api/get-partner-cohorts.ts';
import { AuditCohortDialog, AuditNotYet } from './audit-cohort-dialog.tsx';

const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

function CohortCard({ cohort }: { cohort: PartnerCohortDto }) {
  const titleId = `cohort-${cohort.id}-title`;
  return (
    <li>
      <article aria-labelledby={titleId} className="flex flex-wrap items-start justify-between gap-4 rounded-xl border p-4 sm:p-5">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold break-words">
              {cohort.courseName}
            </h3>
            {cohort.audited ? (
              <Badge>
                <CalendarCheck className="size-3.5" aria-hidden="true" />
                {PARTNER_TEXTS.auditedBadge}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">Course ID: {cohort.courseId}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">Dates</dt>
            <dd>
              {formatDay(cohort.startDate)} – {formatDay(cohort.endDate)}
            </dd>
            <dt className="text-muted-foreground">Location</dt>
            <dd className="break-words">{cohort.location || PARTNER_TEXTS.tbd}</dd>
            <dt className="text-muted-foreground">Duration</dt>
            <dd>{weeks(cohort.durationWeeks)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>{COHORT_STATUS_LABELS[cohort.status]}</dd>
            {cohort.auditedAt ? (
              <>
                <dt className="text-muted-foreground">Audited</dt>
                <dd>
                  {formatDay(cohort.auditedAt)}
                  {cohort.auditedByName ? ` by ${cohort.auditedByName}` : ''}
                </dd>
              </>
            ) : null}
            {cohort.auditNotes ? (
              <>
                <dt className="text-muted-foreground">{PARTNER_TEXTS.auditNotes}</dt>
                <dd className="break-words whitespace-pre-line">{cohort.auditNotes}</dd>
              </>
            ) : null}
          </dl>
          {cohort.auditUnavailableReason ? <AuditNotYet reason={cohort.auditUnavailableReason} /> : null}
        </div>
        {cohort.audited ? null : <AuditCohortDialog cohort={cohort} />}
      </article>
    </li>
  );
}

/** Every cohort for review; an unaudited one offers the review and audit, an audited one nothing more. */
export function CohortReviewsTab() {
  const cohorts = usePartnerCohorts();
  useErrorToast(cohorts.error, PARTNER_TEXTS.cohortsError);

  if (cohorts.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (cohorts.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6 text-sm">
        <p>{PARTNER_TEXTS.cohortsError}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void cohorts.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (cohorts.data.items.length === 0) return <EmptyState icon={ClipboardList} title={PARTNER_TEXTS.noCohorts} headingLevel="h3" />;
  return (
    <ul aria-label="Cohorts" className="grid gap-3">
      {cohorts.data.items.map((cohort) => (
        <CohortCard key={cohort.id} cohort={cohort} />
      ))}
    </ul>
  );
}
