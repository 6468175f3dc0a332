import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { Button } from '@/components/ui/button.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { batchRunning, useCertificateBatch } from '../../api/get-certificate-batch.ts';
import { useStartCertificateBatch } from '../../api/start-certificate-batch.ts';

function BatchProgress({ batch }: { batch: CertificateBatchDto }) {
  const done = batch.issued + batch.skipped + batch.failed;
  const percent = batch.total > 0 ? Math.round((done / batch.total) * 100) : 100;
  const running = batchRunning(batch);
  return (
    <div className="grid min-w-56 flex-1 gap-1.5">
      <div
        role="progressbar"
        aria-label="Generating certificates for the cohort"
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {running ? 'Generating' : batch.status === 'failed' ? 'Stopped' : 'Done'}: {done} / {batch.total} ({batch.issued} issued, {batch.skipped} skipped,{' '}
        {batch.failed} failed)
      </p>
    </div>
  );
}

/**
 * 'Generate for cohort': a background run, its progress read every second until it ends. When
 * nobody is left to issue (no one qualifies yet, or everyone who does holds a certificate) it says
 * so instead of starting a run, and so does the server (409) if the list was out of date.
 */
export function CohortBatch({
  cohortId,
  latest,
  nothingToIssue,
}: {
  cohortId: string;
  latest: CertificateBatchDto | null;
  nothingToIssue: string | null;
}) {
  const queryClient = useQueryClient();
  const start = useStartCertificateBatch();
  const [batchId, setBatchId] = useState<string | null>(batchRunning(latest) ? (latest?.id ?? null) : null);
  const [refused, setRefused] = useState<string | null>(null);
  const batch = useCertificateBatch(batchId);
  // A run that had nobody to issue (before the server said so) shows no bar.
  const shown = batch.data ?? (latest && latest.total > 0 ? latest : null);
  const running = start.isPending || batchRunning(shown);
  const notice = running ? null : (refused ?? nothingToIssue);
  const wasRunning = useRef(false);

  useEffect(() => {
    const running = batchRunning(batch.data);
    if (wasRunning.current && batch.data && !running) {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'training', 'certificates'] });
      if (batch.data.status === 'done')
        notifySuccess('Certificates generated', `${batch.data.issued} issued, ${batch.data.skipped} skipped, ${batch.data.failed} failed`);
      else notifyError('Generating the cohort’s certificates stopped before the end.');
    }
    wasRunning.current = running;
  }, [batch.data, queryClient]);

  const generate = () => {
    setRefused(null);
    start.mutate(cohortId, {
      onSuccess: (started) => {
        wasRunning.current = batchRunning(started);
        queryClient.setQueryData(['admin', 'training', 'certificates', 'batch', started.id], started);
        setBatchId(started.id);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setRefused(error.message);
          void queryClient.invalidateQueries({ queryKey: ['admin', 'training', 'certificates'] });
        } else notifyError(messageFrom(error));
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={generate} disabled={running || Boolean(nothingToIssue)}>
        {running ? 'Generating...' : 'Generate for cohort'}
      </Button>
      {notice ? (
        <p className="text-sm font-medium text-muted-foreground" role="status">
          {notice}
        </p>
      ) : null}
      {shown ? <BatchProgress batch={shown} /> : null}
    </div>
  );
}
