import { useId, type ChangeEvent } from 'react';
import { Upload, X } from 'lucide-react';
import { GUARD_DOCUMENT_ACCEPT, GUARD_DOCUMENT_MAX_BYTES, GUARD_DOCUMENT_MESSAGES, type GuardDocumentKind } from '@ops/shared/schemas/guard-documents';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { fileProblem } from '@/lib/upload-file.ts';
import { cn } from '@/lib/utils.ts';
import { useUploadGuardDocument } from '../api/upload-guard-document.ts';

const RULES = { maxBytes: GUARD_DOCUMENT_MAX_BYTES, accept: GUARD_DOCUMENT_ACCEPT, messages: GUARD_DOCUMENT_MESSAGES };

interface GuardDocumentUploadProps {
  kind: GuardDocumentKind;
  /** 'Upload CV', 'Replace CV', 'Add certificate'. */
  action: string;
  /** Why nothing more can be uploaded now, if so. */
  blocked?: string | null;
}

/** Picks a file, checks it, and uploads it with a progress bar and a way to cancel. */
export function GuardDocumentUpload({ kind, action, blocked = null }: GuardDocumentUploadProps) {
  const { state, start, cancel, fail } = useUploadGuardDocument(kind);
  const errorId = useId();
  const uploading = state.status === 'uploading';

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a failure.
    input.value = '';
    if (!file) return;
    const problem = fileProblem(file, RULES);
    if (problem) return fail(problem);
    const saved = await start(file);
    if (saved) notifySuccess('Document uploaded', saved.originalName);
  };

  if (uploading) {
    const percent = state.progress?.percent ?? 0;
    return (
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="truncate">Uploading {state.file.name}…</span>
          <Button type="button" variant="outline" size="sm" onClick={cancel}>
            <X aria-hidden="true" />
            Cancel upload
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label={`Uploading ${state.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }

  const message = blocked ?? (state.status === 'failed' ? state.message : null);
  return (
    <div className="grid justify-items-start gap-2">
      <label
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          blocked && 'pointer-events-none opacity-60',
        )}
      >
        <Upload aria-hidden="true" />
        {action}
        <input
          type="file"
          className="sr-only"
          accept={GUARD_DOCUMENT_ACCEPT}
          disabled={Boolean(blocked)}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => void onChange(event)}
        />
      </label>
      {message ? (
        <p id={errorId} role={blocked ? undefined : 'alert'} className={cn('text-sm', blocked ? 'text-muted-foreground' : 'font-medium text-destructive')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
