import { Button } from '@/components/ui/button.tsx';
import type { UploadState } from '@/lib/upload-file.ts';

/** Field errors of a failed parse, one message per field (the first one wins). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
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
