import { useState } from 'react';
import { ExternalLink, FileText, Trash2 } from 'lucide-react';
import type { GuardDocumentDto } from '@ops/shared/schemas/guard-documents';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { formatDate } from '@/lib/format-date.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatFileSize } from '@/lib/upload-file.ts';
import { useDeleteGuardDocument } from '../api/delete-guard-document.ts';

function RemoveDocumentButton({ document }: { document: GuardDocumentDto }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteGuardDocument();

  const onRemove = async () => {
    try {
      await remove.mutateAsync(document.id);
      setOpen(false);
      notifySuccess('Document removed', document.originalName);
    } catch (error) {
      notifyError(messageFrom(error, 'The document could not be removed. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${document.originalName}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove this document?</DialogTitle>
          <DialogDescription>{document.originalName} will be deleted. You can upload it again later.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Keep it
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => void onRemove()}>
            {remove.isPending ? 'Removing...' : 'Remove document'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A kind's uploaded documents: name, size and date, to view in a new tab or remove. */
export function GuardDocumentList({ documents, label }: { documents: GuardDocumentDto[]; label: string }) {
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">Nothing uploaded yet.</p>;
  return (
    <ul aria-label={label} className="grid gap-2">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-2 text-sm">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate font-medium">{document.originalName}</span>
          <span className="text-muted-foreground">
            {formatFileSize(document.sizeBytes)} · {formatDate(document.createdAt)}
          </span>
          <span className="flex gap-1">
            <Button asChild variant="ghost" size="sm">
              <a
                href={`${document.url}?disposition=inline`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View ${document.originalName} (opens in a new tab)`}
              >
                <ExternalLink aria-hidden="true" />
                View
              </a>
            </Button>
            <RemoveDocumentButton document={document} />
          </span>
        </li>
      ))}
    </ul>
  );
}
