import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { messageFrom } from '@/lib/notify.ts';
import type { UploadState } from '@/lib/upload-file.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';

/** Field errors of a failed parse, one message per field (the first one wins). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A Training panel's loading, failure (toast and card, with the server's words) and content. */
export function LoadState({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  label: string;
  children: ReactNode;
}) {
  useErrorToast(query.error, messageFrom(query.error));
  if (query.error && query.isPending) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="flex items-center gap-2 font-semibold text-destructive">
          <AlertTriangle className="size-5" aria-hidden="true" />
          Could not load {label}
        </p>
        <p className="text-sm text-muted-foreground">{messageFrom(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading {label}
        </p>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  return <>{children}</>;
}

/** Under a file input: the upload on its way (a bar and Cancel), or why it failed. */
export function UploadStatus<T>({ state, onCancel }: { state: UploadState<T>; onCancel: () => void }) {
  if (state.status === 'uploading') {
    return (
      <div className="flex items-center gap-2">
        <progress
          className="h-2 w-full"
          aria-label={`Uploading ${state.file.name}`}
          max={state.progress?.total ?? 1}
          value={state.progress?.loaded ?? 0}
        />
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        {state.message}
      </p>
    );
  }
  return null;
}
