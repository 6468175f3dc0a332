import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import {
  adminCohortFileUrl,
  COHORT_FILE_ACCEPT,
  COHORT_FILE_MAX_BYTES,
  COHORT_FILE_MESSAGES,
  COHORT_FILE_TEXTS,
  PARTNER_TEXTS,
  type CohortFileDto,
  type CohortFileKind,
  type UploadedCohortFileDto,
} from '@ops/shared/schemas/partner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatFileSize } from '@/lib/upload-file.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useDeleteCohortFile } from '../../../api/delete-cohort-file.ts';
import { cohortFilesQueryKey, cohortFileUploadPath, useCohortFiles } from '../../../api/get-cohort-files.ts';
import { UploadStatus } from '../training-shared.tsx';
import { useCheckedUpload } from '../use-checked-upload.ts';

const SECTIONS: { kind: CohortFileKind; title: string; upload: string; hint: string; empty: string }[] = [
  { kind: 'cv', title: COHORT_FILE_TEXTS.cvs, upload: COHORT_FILE_TEXTS.uploadCv, hint: 'PDF, DOC or DOCX, at most 10 MB.', empty: PARTNER_TEXTS.noCvs },
  {
    kind: 'photo',
    title: COHORT_FILE_TEXTS.photos,
    upload: COHORT_FILE_TEXTS.uploadPhoto,
    hint: 'JPEG, PNG or WebP, at most 10 MB.',
    empty: PARTNER_TEXTS.noPhotos,
  },
];

function FileSection({
  cohortId,
  section,
  files,
  onRemove,
}: {
  cohortId: string;
  section: (typeof SECTIONS)[number];
  files: CohortFileDto[] | undefined;
  onRemove: (file: CohortFileDto) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const { upload, input, choose } = useCheckedUpload<UploadedCohortFileDto>(
    cohortFileUploadPath(cohortId, section.kind),
    { maxBytes: COHORT_FILE_MAX_BYTES, accept: COHORT_FILE_ACCEPT[section.kind], messages: COHORT_FILE_MESSAGES[section.kind] },
    async (saved) => {
      notifySuccess(COHORT_FILE_TEXTS.uploaded, saved.name);
      await queryClient.invalidateQueries({ queryKey: cohortFilesQueryKey(cohortId) });
    },
  );

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {section.title}
      </h3>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>{section.upload}</Label>
        <Input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={COHORT_FILE_ACCEPT[section.kind]}
          disabled={upload.state.status === 'uploading'}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {section.hint}
        </p>
        <UploadStatus state={upload.state} onCancel={upload.cancel} />
      </div>
      {files && files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{section.empty}</p>
      ) : (
        <ul aria-label={section.title} className="grid gap-2">
          {files?.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
              <div className="grid min-w-0">
                <span className="truncate font-medium">{file.name}</span>
                <span className="text-xs text-muted-foreground">{formatFileSize(file.sizeBytes)}</span>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button asChild variant="ghost" size="icon">
                  <a href={adminCohortFileUrl(file.id)} download={file.name} aria-label={`Download ${file.name}`}>
                    <Download aria-hidden="true" />
                  </a>
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A cohort's instructor CVs and facility photos, which the accrediting partner reviews before the audit. */
export function CohortFilesDialog({ cohort, onClose }: { cohort: AdminCohortRow | null; onClose: () => void }) {
  return (
    <Dialog open={cohort !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{COHORT_FILE_TEXTS.title}</DialogTitle>
          <DialogDescription>
            {cohort ? `${cohort.courseTitle}, ${formatDay(cohort.startDate)} – ${formatDay(cohort.endDate)}. ` : ''}
            The accrediting partner sees these when reviewing the cohort.
          </DialogDescription>
        </DialogHeader>
        {cohort ? <CohortFiles cohortId={cohort.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CohortFiles({ cohortId }: { cohortId: string }) {
  const files = useCohortFiles(cohortId);
  const remove = useDeleteCohortFile(cohortId);
  const [removing, setRemoving] = useState<CohortFileDto | null>(null);

  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notifySuccess(COHORT_FILE_TEXTS.removed, removing.name),
      onError: (error) => notifyError(messageFrom(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <LoadState query={files} label="files">
        <div className="grid gap-6">
          {SECTIONS.map((section) => (
            <FileSection
              key={section.kind}
              cohortId={cohortId}
              section={section}
              files={section.kind === 'cv' ? files.data?.cvs : files.data?.photos}
              onRemove={setRemoving}
            />
          ))}
        </div>
      </LoadState>
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove file</AlertDialogTitle>
            <AlertDialogDescription>{COHORT_FILE_TEXTS.removeConfirm}</AlertDialogDescription>
          </AlertDialogHeader>
          {removing ? <p className="text-sm break-words">{removing.name}</p> : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
