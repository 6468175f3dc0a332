import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { Button } from '@/components/ui/button.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { batchRunning, useCertificateBatch, useStartCertificateBatch } from '../../api/admin-certificates.ts';

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

/** 'Generate for cohort': a background run, its progress read every second until it ends. */
export function CohortBatch({ cohortId, latest }: { cohortId: string; latest: CertificateBatchDto | null }) {
  const queryClient = useQueryClient();
  const start = useStartCertificateBatch();
  const [batchId, setBatchId] = useState<string | null>(batchRunning(latest) ? (latest?.id ?? null) : null);
  const batch = useCertificateBatch(batchId);
  const shown = batch.data ?? latest;
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

  const generate = () =>
    start.mutate(cohortId, {
      onSuccess: (started) => {
        wasRunning.current = batchRunning(started);
        queryClient.setQueryData(['admin', 'training', 'certificates', 'batch', started.id], started);
        setBatchId(started.id);
      },
      onError: (error) => notifyError(messageFrom(error)),
    });

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={generate} disabled={start.isPending || batchRunning(shown)}>
        {start.isPending || batchRunning(shown) ? 'Generating...' : 'Generate for cohort'}
      </Button>
      {shown ? <BatchProgress batch={shown} /> : null}
    </div>
  );
}
