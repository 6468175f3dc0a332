import { Award } from 'lucide-react';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { EmptyState } from '@/components/empty-state.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { formatDay } from '@/lib/format-console-date.ts';
import { useUrlParams } from '@/components/console/use-url-params.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useCertificateCandidates } from '../../api/get-certificate-candidates.ts';
import { CertificateCandidates } from './certificates-candidates.tsx';
import { IssuedCertificates } from './certificates-issued.tsx';

/**
 * Pick a cohort to see who qualifies and issue certificates; below, every certificate issued.
 * Cohorts are the academy's: the console hands their list in (undefined while it loads).
 */
export function CertificatesTab({ cohorts }: { cohorts: readonly AdminCohortRow[] | undefined }) {
  const { params, update } = useUrlParams();
  const cohortId = params.get('cohort') ?? '';
  const candidates = useCertificateCandidates(cohortId);
  const choose = (value: string) =>
    update((p) => {
      if (value) p.set('cohort', value);
      else p.delete('cohort');
    });

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Card className="flex flex-wrap items-end gap-3 p-4">
          <div className="grid gap-1.5">
            <Label htmlFor="certificates-cohort">Cohort</Label>
            <NativeSelect id="certificates-cohort" className="w-72 max-w-full" value={cohortId} onChange={(e) => choose(e.target.value)}>
              <option value="">{cohorts ? 'Choose a cohort' : 'Loading cohorts…'}</option>
              {cohorts?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.courseTitle}, {formatDay(c.startDate)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </Card>
        {cohortId ? (
          <LoadState query={candidates} label="the cohort’s students">
            {candidates.data ? <CertificateCandidates data={candidates.data} /> : null}
          </LoadState>
        ) : (
          <EmptyState icon={Award} headingLevel="h3" title="Choose a cohort">
            See which students qualify for a certificate, and generate them.
          </EmptyState>
        )}
      </div>
      <IssuedCertificates />
    </div>
  );
}
